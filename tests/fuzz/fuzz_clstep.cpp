// libFuzzer entry point covering clstep's three ways in (docs/reliability.md). The first line
// of an input selects what it exercises:
//   "//!run"  : the rest is a .sim launch file, then a line "//!kernel", then the kernel
//               source: SimParser, the front end, binding, KernelRun with every check.
//   "//!repl" : the rest is REPL entries, one per line (':' commands are skipped: :save and
//               :load would touch files).
//   otherwise : the whole input is an OpenCL C file given to `clstep-cli check`'s pipeline
//               (preprocess, parse, Sema).
// Any crash, hang, leak or sanitizer report is a bug; diagnostics are the expected outcome.
#include "checks/CheckSet.h"
#include "frontend/Program.h"
#include "launch/LaunchBinding.h"
#include "launch/SimParser.h"
#include "repl/Repl.h"
#include "runtime/KernelRun.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

namespace {

void fuzzCheck(std::string text) {
    clstep::CompileOptions options;
    auto program = clstep::Program::fromSource("fuzz.cl", std::move(text), options);
    (void)program;
}

void fuzzRun(std::string_view input) {
    const std::string_view marker = "\n//!kernel\n";
    const size_t split = input.find(marker);
    if (split == std::string_view::npos) return;
    std::string_view simText = input.substr(0, split);
    std::string kernelText(input.substr(split + marker.size()));

    std::vector<clstep::Diagnostic> diags;
    auto config = clstep::launch::SimParser::parse(simText, "", 0, diags);
    if (!config) return;
    clstep::CompileOptions co;
    auto program = clstep::Program::fromSource("fuzz.cl", std::move(kernelText), co);
    if (program->hasErrors()) return;
    const clstep::ast::FunctionDecl* kernel = program->findKernel(config->kernelName);
    if (!kernel) return;
    clstep::launch::KernelSignature sig =
        clstep::launch::signatureOf(*kernel, program->options.clVersion);
    if (!clstep::launch::SimParser::bind(*config, sig, diags) || clstep::hasErrors(diags)) return;
    clstep::NDRange range = clstep::launch::ndRangeOf(*config);
    // Huge (but valid) index spaces only cost time: KernelRun validates them, then stop.
    uint64_t items = 0;
    if (__builtin_mul_overflow(range.global[0], range.global[1], &items) ||
        __builtin_mul_overflow(items, range.global[2], &items) || items > 4096) {
        clstep::KernelRun validateOnly(*program, config->kernelName, range, {}, {});
        return;
    }
    clstep::RunOptions ro;
    ro.maxStepsPerWorkItem = 20000;
    ro.globalMemoryBytes = 64 << 20;
    clstep::KernelRun run(*program, config->kernelName, range,
                          clstep::launch::kernelArgumentsOf(*config), ro);
    clstep::CheckSet checks(clstep::CheckOptions{});
    checks.attach(run);
    run.runAll();
}

void fuzzRepl(std::string_view input) {
    clstep::repl::ReplSettings settings;
    settings.maxSteps = 20000;
    clstep::repl::Repl repl(settings);
    std::istringstream lines{std::string(input)};
    std::string line;
    int entries = 0;
    while (std::getline(lines, line) && entries++ < 16) {
        if (!line.empty() && line[0] == ':') continue;
        repl.submit(line);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    if (input.starts_with("//!run\n"))
        fuzzRun(input.substr(7));
    else if (input.starts_with("//!repl\n"))
        fuzzRepl(input.substr(8));
    else
        fuzzCheck(std::string(input));
    return 0;
}
