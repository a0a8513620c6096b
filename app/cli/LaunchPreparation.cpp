// LaunchPreparation: from `run`'s options to a built program, an NDRange and arguments.
#include "LaunchPreparation.h"

#include "DiagnosticPrinter.h"
#include "launch/ArgParser.h"
#include "launch/LaunchPlan.h"
#include "launch/SimParser.h"

#include <fstream>
#include <ostream>
#include <sstream>

namespace clstep::cli {

int prepareLaunch(const RunOptionsCli& o, PreparedLaunch& out, std::ostream& err) {
    CompileOptions& co = out.compile;
    co.clVersion = CompileOptions::parseClStd(o.clStd);
    if (!co.clVersion) {
        err << "clstep-cli: unknown -cl-std value '" << o.clStd << "'\n";
        return 2;
    }
    co.defines = o.defines;
    co.includeDirs = o.includeDirs;
    std::string buildError;
    if (!co.applyBuildOptions(o.buildOptions, buildError)) {
        err << "clstep-cli: " << buildError << "\n";
        return 2;
    }

    bool isSim = o.file.size() > 4 && o.file.substr(o.file.size() - 4) == ".sim";
    SourceManager launchSources;
    std::vector<Diagnostic> launchDiags;
    std::optional<launch::LaunchConfig> config;
    if (isSim) {
        config = launch::SimParser::parseFile(launchSources, o.file, launchDiags);
    } else {
        if (o.kernel.empty() || o.global.empty()) {
            err << "clstep-cli: running a .cl file needs --kernel NAME and --global X[,Y,Z]\n";
            return 2;
        }
        config.emplace();
        config->kernelFile = o.file;
        config->kernelName = o.kernel;
        uint32_t dims = 0;
        if (!launch::parseSizeList(o.global, config->globalSize, dims)) {
            err << "clstep-cli: invalid --global '" << o.global << "'\n";
            return 2;
        }
        config->workDim = dims;
        if (!o.local.empty()) {
            uint32_t ldims = 0;
            if (!launch::parseSizeList(o.local, config->localSize, ldims)) {
                err << "clstep-cli: invalid --local '" << o.local << "'\n";
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
    if (config && !o.kernelFileOverride.empty()) config->kernelFile = o.kernelFileOverride;
    DiagnosticPrinter launchPrinter(launchSources);
    for (const Diagnostic& d : launchDiags)
        launchPrinter.printText(err, d);
    if (!config || hasErrors(launchDiags)) return 1;
    if (!o.globalOffset.empty()) {
        std::array<uint64_t, 3> off;
        uint32_t dims = 0;
        if (!launch::parseSizeList(o.globalOffset, off, dims)) {
            err << "clstep-cli: invalid --global-offset '" << o.globalOffset << "'\n";
            return 2;
        }
        config->globalOffset = off;
    }

    // The launch file's own settings apply unless the command line gives them: its
    // `# clstep: build-options` (when -b is not given) and `# clstep: device-endian`.
    if (o.buildOptions.empty() && config->buildOptions)
        co.applyBuildOptions(*config->buildOptions, buildError); // checked by SimParser
    const bool bigEndian =
        o.deviceEndian.empty() ? config->deviceBigEndian.value_or(false) : o.deviceEndian == "big";
    co.deviceLittleEndian = !bigEndian;
    out.program = Program::fromFile(config->kernelFile, co);
    DiagnosticPrinter printer(out.program->sources);
    for (const Diagnostic& d : out.program->diagnostics)
        printer.printText(err, d);
    if (out.program->hasErrors()) {
        // The compile errors are the run's diagnostics. Invalid UTF-8 (from the source) is
        // replaced by U+FFFD so that the file is always valid JSON.
        if (!o.diagnosticsJson.empty()) {
            std::ofstream json(o.diagnosticsJson);
            json << printer.toJson(out.program->diagnostics)
                        .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                 << "\n";
        }
        return 1;
    }
    const ast::FunctionDecl* kernel = out.program->findKernel(config->kernelName);
    if (!kernel) {
        err << config->kernelFile << ": error: no kernel named '" << config->kernelName
            << "' [launch]\n";
        return 1;
    }
    std::vector<Diagnostic> bindDiags;
    config->memoryBudgetBytes = o.globalMemBytes;
    launch::LaunchPlan plan = launch::prepare(*out.program, *config, bindDiags);
    for (const Diagnostic& d : bindDiags)
        launchPrinter.printText(err, d);
    if (!plan.ok) return 1;

    out.range = plan.range;
    out.args = std::move(plan.arguments);
    out.run.deviceBigEndian = bigEndian;
    out.run.maxStepsPerWorkItem = o.maxSteps;
    out.run.threads = o.threads;
    out.run.localMemoryBytes = o.localMemBytes;
    out.run.globalMemoryBytes = o.globalMemBytes;
    out.run.subGroupSize = o.subGroupSize;
    out.checks = checkOptionsOf(o);
    out.config = std::move(*config);
    return 0;
}

bool startSession(debug::Session& session, const std::string& kernelFile,
                  const std::string& kernelName, const NDRange& range,
                  std::vector<KernelArgument> args, const CompileOptions& compileOptions,
                  const RunOptions& runOptions, const CheckOptions& checkOptions,
                  std::string& why) {
    session.setKernel(kernelName);
    session.setRunOptions(runOptions);
    session.setCheckOptions(checkOptions);
    if (!session.loadFile(kernelFile, compileOptions)) {
        why = "cannot debug '" + kernelFile + "': the program has errors";
        return false;
    }
    session.setKernel(kernelName);
    session.setNDRange(range);
    session.setArguments(std::move(args));
    if (!session.reset()) {
        why = "cannot start the kernel: " + session.lastError();
        return false;
    }
    return true;
}

} // namespace clstep::cli
