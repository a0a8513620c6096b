// Helpers of the runtime tests (tst_lowering*.cpp, tst_lowered*.cpp, tst_memoryport.cpp,
// tst_parallelorder.cpp): compiling a source, NDRanges, int/float buffers and reading them
// back.
#pragma once

#include "frontend/Program.h"
#include "runtime/KernelRun.h"

#include <QtTest>

#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace clstep::loweringtest {

/// `source` built as test.cl with `options` (its diagnostics logged).
inline std::unique_ptr<Program> compile(const std::string& source,
                                        const CompileOptions& options = CompileOptions{}) {
    auto p = Program::fromSource("test.cl", source, options);
    for (const Diagnostic& d : p->diagnostics)
        qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
    return p;
}

inline std::string readBenchKernel(const std::string& name) {
    std::ifstream in(std::string(CLSTEP_SOURCE_DIR) + "/bench/kernels/" + name + ".cl");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The NDRange of one work-item in one work-group (global and local size 1 × 1 × 1).
inline NDRange oneWorkItem() {
    NDRange range;
    range.global = {1, 1, 1};
    range.local = {1, 1, 1};
    return range;
}

/// Kernel "k" of `program` run as one work-item on `args` (if the launch is ready; whether it
/// is, and its diagnostics, are the caller's to check).
inline std::unique_ptr<KernelRun> runOneWorkItem(const Program& program,
                                                 std::vector<KernelArgument> args,
                                                 const RunOptions& options = RunOptions{}) {
    auto run = std::make_unique<KernelRun>(program, "k", oneWorkItem(), std::move(args), options);
    if (run->ready()) run->runAll();
    return run;
}

/// A 1-D NDRange of `global` work-items in work-groups of `local`.
inline NDRange range1D(uint64_t global, uint64_t local) {
    NDRange r;
    r.global = {global, 1, 1};
    r.local = {local, 1, 1};
    return r;
}

/// A __global int buffer of `n` zeroed elements.
inline KernelArgument intBuffer(size_t n) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Buffer;
    a.bytes.assign(n * 4, 0);
    a.size = a.bytes.size();
    a.elementBytes = 4;
    return a;
}

inline std::vector<int32_t> ints(const std::vector<uint8_t>& bytes) {
    std::vector<int32_t> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), out.size() * 4);
    return out;
}

inline KernelArgument floatBuffer(const std::vector<float>& values) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Buffer;
    a.bytes.resize(values.size() * 4);
    std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    a.size = a.bytes.size();
    a.elementBytes = 4;
    return a;
}

inline std::vector<float> floats(const std::vector<uint8_t>& bytes) {
    std::vector<float> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), out.size() * 4);
    return out;
}

/// The function named `name` in `program`, or null.
inline const ast::FunctionDecl* findFunction(const Program& program, const std::string& name) {
    for (const ast::DeclPtr& d : program.unit->decls)
        if (d->kind == ast::DeclKind::Function &&
            static_cast<const ast::FunctionDecl*>(d.get())->name == name)
            return static_cast<const ast::FunctionDecl*>(d.get());
    return nullptr;
}

} // namespace clstep::loweringtest
