#include "RunCommand.h"

#include "Console.h"
#include "DiagnosticPrinter.h"
#include "checks/AccessStats.h"
#include "checks/CheckSet.h"
#include "frontend/Program.h"
#include "launch/ArgParser.h"
#include "launch/BufferDump.h"
#include "launch/LaunchBinding.h"
#include "launch/SimParser.h"
#include "runtime/KernelRun.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace clstep::cli {

namespace {

bool parseSizes(const std::string& text, std::array<uint64_t, 3>& out, uint32_t& dims) {
    out = {1, 1, 1};
    dims = 0;
    std::stringstream ss(text);
    std::string part;
    while (std::getline(ss, part, ',')) {
        if (dims == 3 || part.empty()) return false;
        try {
            size_t used = 0;
            unsigned long long v = std::stoull(part, &used);
            if (used != part.size()) return false;
            out[dims++] = v;
        } catch (...) {
            return false;
        }
    }
    return dims > 0;
}

} // namespace

void addRunOptions(CLI::App& cmd, RunOptionsCli& o) {
    cmd.add_option("file", o.file, "launch file (.sim) or kernel file (.cl)")->required();
    cmd.add_option("--kernel", o.kernel, "kernel name (with a .cl file)");
    cmd.add_option("--global", o.global, "global size X[,Y[,Z]] (with a .cl file)");
    cmd.add_option("--local", o.local, "local size X[,Y[,Z]]");
    cmd.add_option("--global-offset", o.globalOffset, "global offset X[,Y[,Z]]");
    cmd.add_option("--arg", o.args,
                   "kernel argument spec, as a .sim '<...>' line (repeat per argument)");
    cmd.add_option("--cl-std", o.clStd, "OpenCL C version: CL1.0|CL1.1|CL1.2|CL2.0|CL3.0");
    cmd.add_option("-D", o.defines, "define a macro NAME[=VALUE]");
    cmd.add_option("-I", o.includeDirs, "add an include directory");
    cmd.add_option("--device-endian", o.deviceEndian, "simulated device byte order: little|big")
        ->check(CLI::IsMember({"little", "big"}));
    cmd.add_option("--max-steps", o.maxSteps,
                   "statements one work-item may execute before it is stopped");
    cmd.add_option("--diagnostics-json", o.diagnosticsJson,
                   "also write the diagnostics as JSON to FILE");
    cmd.add_flag("--no-data-races", o.noDataRaces,
                 "do not check for data races on __local and __global memory");
    cmd.add_flag("--no-uninitialized", o.noUninitialized,
                 "do not check for reads of uninitialized __private, __local and noinit memory");
    cmd.add_flag("--no-endian-events", o.noEndianEvents,
                 "do not report endian(host) byte-order conversions");
    cmd.add_flag("--no-checks", o.noChecks, "turn every runtime check above off (fastest)");
    cmd.add_flag("--uniform-writes", o.uniformWrites,
                 "also report write-write races where both writes store the same value");
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
    cmd.add_option("--sub-group-size", o.subGroupSize,
                   "work-items per sub-group: 8/16 (SIMD), 32 (warp), 64 (wavefront) or any "
                   "power of two (default 32)")
        ->check(powerOfTwo);
    cmd.add_flag("--access-stats", o.accessStats,
                 "print per-line memory efficiency (__local bank conflicts, __global "
                 "coalescing) and divergence per sub-group");
    cmd.add_option("--json", o.accessStatsJson, "with --access-stats: also write them as JSON");
    cmd.add_option("--banks", o.banks, "__local memory banks (default 32)")->check(powerOfTwo);
    cmd.add_option("--bank-width", o.bankWidth, "bytes per __local bank word (default 4)")
        ->check(powerOfTwo);
    cmd.add_option("--segment", o.segmentBytes,
                   "__global transaction segment in bytes: 32, 64 or 128 (default 128)")
        ->check(CLI::IsMember({32, 64, 128}));
    cmd.add_flag("-i,--interactive", o.interactive,
                 "debug the kernel in an interactive console (commands from stdin when it is not a "
                 "terminal)");
}

CheckOptions checkOptionsOf(const RunOptionsCli& o) {
    CheckOptions checkOptions;
    if (o.noChecks) checkOptions = CheckOptions::none();
    if (o.noDataRaces) checkOptions.dataRaces = false;
    if (o.noUninitialized) checkOptions.uninitialized = false;
    if (o.noEndianEvents) checkOptions.endianEvents = false;
    checkOptions.uniformWrites = o.uniformWrites;
    return checkOptions;
}

int runRun(const RunOptionsCli& o) {
    CompileOptions co;
    co.clVersion = CompileOptions::parseClStd(o.clStd);
    if (!co.clVersion) {
        std::cerr << "clstep-cli: unknown -cl-std value '" << o.clStd << "'\n";
        return 2;
    }
    co.defines = o.defines;
    co.includeDirs = o.includeDirs;
    co.deviceLittleEndian = o.deviceEndian != "big";

    bool isSim = o.file.size() > 4 && o.file.substr(o.file.size() - 4) == ".sim";
    SourceManager launchSources;
    std::vector<Diagnostic> launchDiags;
    std::optional<launch::LaunchConfig> config;
    if (isSim) {
        config = launch::SimParser::parseFile(launchSources, o.file, launchDiags);
    } else {
        if (o.kernel.empty() || o.global.empty()) {
            std::cerr
                << "clstep-cli: running a .cl file needs --kernel NAME and --global X[,Y,Z]\n";
            return 2;
        }
        config.emplace();
        config->kernelFile = o.file;
        config->kernelName = o.kernel;
        uint32_t dims = 0;
        if (!parseSizes(o.global, config->globalSize, dims)) {
            std::cerr << "clstep-cli: invalid --global '" << o.global << "'\n";
            return 2;
        }
        config->workDim = dims;
        if (!o.local.empty()) {
            uint32_t ldims = 0;
            if (!parseSizes(o.local, config->localSize, ldims)) {
                std::cerr << "clstep-cli: invalid --local '" << o.local << "'\n";
                return 2;
            }
        } else {
            config->localSizeGiven = false;
        }
        for (size_t i = 0; i < o.args.size(); ++i) {
            uint32_t fid = launchSources.addFile("--arg " + std::to_string(i + 1), o.args[i]);
            auto spec =
                launch::ArgParser::parse(o.args[i], fid, static_cast<uint32_t>(i), launchDiags);
            if (!spec) break;
            config->args.push_back(std::move(*spec));
        }
    }
    DiagnosticPrinter launchPrinter(launchSources);
    for (const Diagnostic& d : launchDiags)
        launchPrinter.printText(std::cerr, d);
    if (!config || hasErrors(launchDiags)) return 1;
    if (!o.globalOffset.empty()) {
        std::array<uint64_t, 3> off;
        uint32_t dims = 0;
        if (!parseSizes(o.globalOffset, off, dims)) {
            std::cerr << "clstep-cli: invalid --global-offset '" << o.globalOffset << "'\n";
            return 2;
        }
        config->globalOffset = off;
    }

    std::unique_ptr<Program> program = Program::fromFile(config->kernelFile, co);
    DiagnosticPrinter printer(program->sources);
    for (const Diagnostic& d : program->diagnostics)
        printer.printText(std::cerr, d);
    if (program->hasErrors()) return 1;
    const ast::FunctionDecl* kernel = program->findKernel(config->kernelName);
    if (!kernel) {
        std::cerr << config->kernelFile << ": error: no kernel named '" << config->kernelName
                  << "' [launch]\n";
        return 1;
    }
    launch::KernelSignature sig = launch::signatureOf(*kernel, program->options.clVersion);
    std::vector<Diagnostic> bindDiags;
    bool bound = launch::SimParser::bind(*config, sig, bindDiags);
    for (const Diagnostic& d : bindDiags)
        launchPrinter.printText(std::cerr, d);
    if (!bound || hasErrors(bindDiags)) return 1;

    NDRange range = launch::ndRangeOf(*config);
    std::vector<KernelArgument> args = launch::kernelArgumentsOf(*config);
    RunOptions ro;
    ro.deviceBigEndian = o.deviceEndian == "big";
    ro.maxStepsPerWorkItem = o.maxSteps;
    ro.subGroupSize = o.subGroupSize;
    if (o.interactive)
        return runConsole(config->kernelFile, config->kernelName, range, args, co, ro,
                          checkOptionsOf(o));

    KernelRun run(*program, config->kernelName, range, args, ro);
    CheckSet checks(checkOptionsOf(o));
    checks.attach(run);
    std::unique_ptr<AccessStats> stats;
    if (o.accessStats) {
        stats = std::make_unique<AccessStats>(
            AccessStatsOptions{o.subGroupSize, o.banks, o.bankWidth, o.segmentBytes});
        run.addObserver(stats.get());
    }
    printer.setDetailsLookup([&checks](const Diagnostic& d) { return checks.details(d); });
    printer.setKernelName(config->kernelName);
    run.runAll();
    std::cout << run.output();
    for (size_t i = 0; i < run.diagnostics().size(); ++i)
        printer.printText(std::cerr, run.diagnostics()[i], run.diagnosticCounts()[i]);
    if (!o.diagnosticsJson.empty()) {
        std::ofstream out(o.diagnosticsJson);
        out << printer.toJson(run.diagnostics(), run.diagnosticCounts()).dump(2) << "\n";
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
    for (size_t i = 0; i < config->args.size(); ++i) {
        const launch::KernelArgSpec& spec = config->args[i];
        if (!spec.dump) continue;
        std::cout << launch::BufferDump::format(spec, run.argumentBytes(i));
    }
    return hasErrors(run.diagnostics()) ? 1 : 0;
}

} // namespace clstep::cli
