#pragma once
// Helpers for the check tests: run an OpenCL C source in-process with a CheckSet attached.
#include "checks/CheckSet.h"
#include "frontend/Program.h"
#include "runtime/KernelRun.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "../runtime/LoweringTestSupport.h"

#include <QtTest>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace clstep::testing {

/// A buffer argument holding `values` (element size sizeof(T)), optionally `noinit`.
template <typename T>
KernelArgument bufferOf(const std::vector<T>& values, bool noInit = false) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Buffer;
    a.bytes.resize(values.size() * sizeof(T));
    std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    a.size = a.bytes.size();
    a.elementBytes = sizeof(T);
    a.noInit = noInit;
    return a;
}

/// A `__local` argument of `bytes` bytes.
inline KernelArgument localOf(uint64_t bytes) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Local;
    a.size = bytes;
    return a;
}

using loweringtest::range1D;

/// A finished run with its checks (the CheckSet outlives the run, as required).
struct CheckedRun {
    std::unique_ptr<Program> program;
    std::unique_ptr<CheckSet> checks;
    std::unique_ptr<KernelRun> run;

    /// Diagnostics of kind `kind`.
    std::vector<const Diagnostic*> ofKind(const std::string& kind) const {
        std::vector<const Diagnostic*> out;
        for (const Diagnostic& d : run->diagnostics())
            if (DiagnosticKinds::name(d.kind) == kind) out.push_back(&d);
        return out;
    }
    /// The merged count of diagnostic `d`.
    uint64_t countOf(const Diagnostic* d) const {
        return run->diagnosticCounts()[static_cast<size_t>(d - run->diagnostics().data())];
    }
};

/// Compiles `source` (file name "test.cl") and runs `kernel` with the checks of `options`.
inline CheckedRun runChecked(const char* source, const char* kernel, NDRange range,
                             std::vector<KernelArgument> args, CheckOptions options = {},
                             RunOptions runOptions = {}) {
    CheckedRun r;
    r.program = Program::fromSource("test.cl", source, CompileOptions{});
    for (const Diagnostic& d : r.program->diagnostics)
        qWarning("%u:%u: %s [%s]", d.range.begin.line, d.range.begin.column, d.message.c_str(),
                 DiagnosticKinds::name(d.kind));
    r.checks = std::make_unique<CheckSet>(options);
    r.run = std::make_unique<KernelRun>(*r.program, kernel, range, std::move(args), runOptions);
    r.checks->attach(*r.run);
    r.run->runAll();
    return r;
}

} // namespace clstep::testing
