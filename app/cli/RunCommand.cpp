#include "RunCommand.h"

#include "ExpectedOutput.h"

#include "Console.h"
#include "DiagnosticPrinter.h"
#include "LaunchPreparation.h"
#include "checks/AccessStats.h"
#include "checks/CheckSet.h"
#include "frontend/Program.h"
#include "launch/ArgParser.h"
#include "launch/BufferDump.h"
#include "launch/CheckedRun.h"
#include "launch/LaunchBinding.h"
#include "launch/PngImage.h"
#include "launch/SimParser.h"
#include "launch/Suppressions.h"
#include "runtime/KernelRun.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace clstep::cli {

void addLaunchOptions(CLI::App& cmd, RunOptionsCli& o) {
    cmd.add_option("file", o.file, "launch file (.sim) or kernel file (.cl)")->required();
    cmd.add_option("--kernel", o.kernel, "kernel name (with a .cl file)");
    cmd.add_option("--global", o.global, "global size X[,Y[,Z]] (with a .cl file)");
    cmd.add_option("--global-offset", o.globalOffset, "global offset X[,Y[,Z]]");
    cmd.add_option("--arg", o.args,
                   "kernel argument spec, as a .sim '<...>' line (repeat per argument)");
    cmd.add_option("--cl-std", o.clStd, "OpenCL C version: CL1.0|CL1.1|CL1.2|CL2.0|CL3.0");
    cmd.add_option("-D", o.defines, "define a macro NAME[=VALUE]");
    cmd.add_option("-I", o.includeDirs, "add an include directory");
    cmd.add_option("-b,--build-options", o.buildOptions,
                   "clBuildProgram options, as one string (\"-D N=4 -cl-std=CL2.0 ...\"); a "
                   "-cl-std there overrides --cl-std");
}

void addLimitOptions(CLI::App& cmd, RunOptionsCli& o) {
    cmd.add_option("--max-steps", o.maxSteps,
                   "statements one work-item may execute before it is stopped");
    cmd.add_option("--local-mem-size", o.localMemBytes,
                   "simulated device's __local memory per work-group, bytes (default 65536)");
    cmd.add_option("--global-mem-size", o.globalMemBytes,
                   "simulated device's global memory, bytes (default 1073741824)");
}

void addAccessStatsOptions(CLI::App& cmd, RunOptionsCli& o) {
    auto powerOfTwo = CLI::Validator(
        [](std::string& v) {
            try {
                const unsigned long n = std::stoul(v);
                if (n >= 1 && n <= 1024 && (n & (n - 1)) == 0) return std::string();
            } catch (...) {
            }
            return "must be a power of two from 1 to 1024, got '" + v + "'";
        },
        "POW2");
    cmd.add_flag("--access-stats", o.accessStats,
                 "memory efficiency (__local bank conflicts, __global coalescing) and "
                 "divergence per sub-group: run prints them per line (sub-groups of "
                 "--sub-group-size work-items), sweep per configuration (sub-group sizes "
                 "8,16,32,64 unless --sub-group-size lists others)");
    cmd.add_option("--banks", o.banks, "__local memory banks (default 32)")->check(powerOfTwo);
    cmd.add_option("--bank-width", o.bankWidth, "bytes per __local bank word (default 4)")
        ->check(powerOfTwo);
    cmd.add_option("--segment", o.segmentBytes,
                   "__global transaction segment in bytes: 32, 64 or 128 (default 128)")
        ->check(CLI::IsMember({32, 64, 128}));
}

void addRunOptions(CLI::App& cmd, RunOptionsCli& o) {
    addLaunchOptions(cmd, o);
    cmd.add_option("--local", o.local, "local size X[,Y[,Z]]");
    cmd.add_option("--device-endian", o.deviceEndian,
                   "simulated device byte order: little|big (default: the .sim file's "
                   "`# clstep: device-endian`, else little)")
        ->check(CLI::IsMember({"little", "big"}));
    cmd.add_option(
           "--sub-group-size", o.subGroupSize,
           "maximum sub-group size in work-items (sub-group functions of __opencl_c_subgroups; "
           "default 32)")
        ->check(CLI::Range(1u, 1024u));
    addLimitOptions(cmd, o);
    cmd.add_option("--threads", o.threads,
                   "threads that run work-groups (0 = one per core; output and reports do "
                   "not depend on it)");
    cmd.add_option("--diagnostics-json", o.diagnosticsJson,
                   "also write the diagnostics as JSON to FILE");
    cmd.add_option("--dump-png", o.dumpPng,
                   "also write each dumped image argument as DIR/NAME.png (8-bit RGBA)");
    addCheckSwitches(cmd, o);
    addReportSwitches(cmd, o);
    addErrorExitcode(cmd, o, "default 1");
    addAccessStatsOptions(cmd, o);
    cmd.add_option("--json", o.accessStatsJson, "with --access-stats: also write them as JSON");
    o.expectOption =
        cmd.add_option("--expect", o.expect,
                       "compare the final buffers with recorded ones: PATH is a directory of "
                       "argI-NAME.bin files (default: expected/ next to the .sim, as exec "
                       "--record writes it) or a dump text file; a difference exits with 1")
            ->expected(0, 1);
    cmd.add_flag("-i,--interactive", o.interactive,
                 "debug the kernel in an interactive console (commands from stdin when it is not a "
                 "terminal)");
}

CheckOptions checkOptionsOf(const RunOptionsCli& o) {
    return o.toCheckOptions();
}

int runRun(const RunOptionsCli& o) {
    launch::Suppressions suppressions;
    if (!loadSuppressions(o, suppressions, std::cerr)) return 2;
    PreparedLaunch launch;
    if (int rc = prepareLaunch(o, launch, std::cerr)) return rc;
    const launch::LaunchConfig* config = &launch.config;
    if (o.interactive)
        return runConsole(config->kernelFile, config->kernelName, launch.range, launch.args,
                          launch.compile, launch.run, launch.checks);

    const Program* program = launch.program.get();
    DiagnosticPrinter printer(program->sources);
    NDRange range = launch.range;
    RunOptions ro = launch.run;
    // The arguments' bytes (whole buffers) are moved, not copied: nothing reads them here again.
    KernelRun run(*program, config->kernelName, range, std::move(launch.args), ro);
    std::unique_ptr<AccessStats> stats;
    if (o.accessStats) {
        stats = std::make_unique<AccessStats>(
            AccessStatsOptions{ro.subGroupSize, o.banks, o.bankWidth, o.segmentBytes});
        run.addObserver(stats.get());
    }
    launch::ReportFilter filter;
    filter.suppressions = suppressions.empty() ? nullptr : &suppressions;
    filter.genSuppressions = o.genSuppressions;
    const launch::CheckedRunResult result = launch::runChecked(
        run, config->kernelName, checkOptionsOf(o), printer, std::cout, std::cerr, {}, filter);
    if (!o.suppressions.empty()) std::cerr << "clstep-cli: " << suppressions.summaryLine() << "\n";
    if (!o.diagnosticsJson.empty()) {
        std::ofstream out(o.diagnosticsJson);
        out << result.json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    }
    if (!run.ready()) return 1;
    if (stats) {
        std::cout << stats->table();
        if (!o.accessStatsJson.empty()) {
            std::ofstream out(o.accessStatsJson);
            if (!out) {
                std::cerr << "clstep-cli: cannot write '" << o.accessStatsJson << "'\n";
                return 2;
            }
            out << stats->toJson().dump(2) << "\n";
        }
    }
    std::vector<std::vector<uint8_t>> finalBytes(config->args.size());
    for (size_t i = 0; i < config->args.size(); ++i) {
        const launch::KernelArgSpec& spec = config->args[i];
        if (!spec.dump) continue;
        finalBytes[i] = run.argumentBytes(i);
        std::cout << launch::BufferDump::format(spec, finalBytes[i]);
        if (!o.dumpPng.empty() && spec.kind == launch::ArgKind::Image) {
            std::error_code ec;
            std::filesystem::create_directories(o.dumpPng, ec);
            std::string path = (std::filesystem::path(o.dumpPng) / (spec.name + ".png")).string();
            std::string why = launch::PngImage::write(path, spec.image, finalBytes[i]);
            if (!why.empty()) {
                std::cerr << "clstep-cli: " << why << "\n";
                return 2;
            }
        }
    }
    bool expectedOk = true;
    if (o.expectOption && o.expectOption->count()) {
        std::cout << std::flush;
        expectedOk = ExpectedOutput::check(*config, finalBytes, o.expect, std::cerr);
        if (expectedOk) std::cerr << "clstep-cli: --expect: the final buffers match\n";
    }
    if (result.hasErrors(run)) return o.errorExitcode ? o.errorExitcode : 1;
    return expectedOk ? 0 : 1;
}

} // namespace clstep::cli
