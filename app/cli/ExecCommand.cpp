#include "ExecCommand.h"

#include "launch/RunSummary.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <sys/wait.h>
#include <unistd.h>

namespace clstep::cli {

namespace fs = std::filesystem;

namespace {

/// libclstep-opencl.so: --library, else next to this executable (build tree: app/../lib;
/// installed: bin/../lib*), else where `cmake --install` puts it.
std::string findLibrary(const std::string& given) {
    if (!given.empty()) return fs::absolute(given).string();
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path root = exe.parent_path().parent_path();
        for (const char* dir : {"lib", CLSTEP_INSTALL_LIBDIR})
            if (fs::exists(root / dir / "libclstep-opencl.so"))
                return (root / dir / "libclstep-opencl.so").string();
    }
    for (const char* path : {CLSTEP_OPENCL_INSTALLED, CLSTEP_OPENCL_BUILT})
        if (fs::exists(path)) return path;
    return {};
}

/// The `clstep` GUI: --gui, else the executable next to this one.
std::string findGui(const std::string& given) {
    if (!given.empty()) return fs::absolute(given).string();
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    return (exe.parent_path() / "clstep").string();
}

} // namespace

void addExecOptions(CLI::App& cmd, ExecOptionsCli& o) {
    cmd.add_option("command", o.command, "PROGRAM and its arguments (after --)")
        ->required()
        ->expected(-1);
    cmd.add_option("--library", o.library, "the libclstep-opencl.so to load");
    cmd.add_option("--settings", o.settings, "device settings file (JSON)");
    cmd.add_option("--device-endian", o.deviceEndian, "simulated device byte order: little|big")
        ->check(CLI::IsMember({"little", "big"}));
    cmd.add_option("--max-steps", o.maxSteps,
                   "statements one work-item may execute before it is stopped");
    cmd.add_option("--local-mem-size", o.localMemSize, "bytes of __local memory per work-group");
    cmd.add_option("--max-work-group-size", o.maxWorkGroupSize, "work-items per work-group");
    cmd.add_option("--sub-group-size", o.subGroupSize, "work-items per sub-group");
    cmd.add_option("--diagnostics-json", o.diagnosticsJson,
                   "also write every launch's diagnostics as JSON to FILE");
    cmd.add_option("--record", o.record,
                   "record every launch as DIR/NNNN-KERNEL/ (kernel.cl, launch.sim, "
                   "argI-NAME.bin, expected/, expected-output.txt)");
    cmd.add_flag("--record-inline", o.recordInline,
                 "with --record: write buffers into launch.sim as values (oclgrind-kernel's "
                 "form) instead of file=argI-NAME.bin");
    cmd.add_option("--launches", o.launches,
                   "check and record only launch N, every launch of KERNEL, or its Nth launch "
                   "(N|KERNEL[:N]); the others run without checks");
    cmd.add_option("--break-on", o.breakOn,
                   "open a launch in the GUI with the program's live buffers and wait: 'error' "
                   "(the first launch with a runtime diagnostic), N, KERNEL or KERNEL:N; the "
                   "program continues with the buffers as the GUI session leaves them");
    cmd.add_option("--gui", o.gui, "the clstep GUI for --break-on (default: next to clstep-cli)");
    cmd.add_option("--gui-script", o.guiScript,
                   "with --break-on: drive the GUI with this --do script (e.g. 'runall;quit')");
    cmd.add_flag("--quiet", o.quiet, "no runtime diagnostics on stderr");
    addCheckSwitches(cmd, o);
    addReportSwitches(cmd, o);
    addErrorExitcode(cmd, o, "default: the program's own exit status");
}

int runExec(const ExecOptionsCli& o) {
    // The suppressions are read here first, so that a malformed file is a usage error.
    launch::Suppressions suppressions;
    if (!loadSuppressions(o, suppressions, std::cerr)) return 2;
    std::string suppressionPaths;
    for (const std::string& path : o.suppressions)
        suppressionPaths += (suppressionPaths.empty() ? "" : ":") + fs::absolute(path).string();
    std::string library = findLibrary(o.library);
    if (library.empty() || !fs::exists(library)) {
        std::cerr << "clstep-cli: cannot find libclstep-opencl.so (use --library PATH)\n";
        return 2;
    }
    char pattern[] = "/tmp/clstep-exec-XXXXXX";
    if (!mkdtemp(pattern)) {
        std::cerr << "clstep-cli: cannot create a temporary directory\n";
        return 127;
    }
    fs::path icdDir = pattern;
    std::ofstream(icdDir / "clstep.icd") << library << "\n";
    // The platform writes its per-kernel summary here (CLSTEP_SUMMARY).
    const fs::path summaryPath = icdDir / "summary.json";

    std::string checks;
    auto add = [&](bool on, const char* name) {
        if (on) checks += (checks.empty() ? "" : ",") + std::string(name);
    };
    add(o.noChecks, "none");
    add(o.noDataRaces, "no-data-races");
    add(o.noUninitialized, "no-uninitialized");
    add(o.noEndianEvents, "no-endian-events");
    add(o.uniformWrites, "uniform-writes");
    add(o.strictRaces, "strict-races");

    const std::string gui = findGui(o.gui);
    pid_t child = fork();
    if (child < 0) {
        fs::remove_all(icdDir);
        std::cerr << "clstep-cli: fork failed\n";
        return 127;
    }
    if (child == 0) {
        setenv("OCL_ICD_VENDORS", icdDir.c_str(), 1);
        setenv("CLSTEP_SUMMARY", summaryPath.c_str(), 1);
        if (!checks.empty()) setenv("CLSTEP_CHECKS", checks.c_str(), 1);
        if (o.deviceEndian == "big") setenv("CLSTEP_DEVICE_ENDIAN", "big", 1);
        auto number = [](const char* var, uint64_t v) {
            if (v) setenv(var, std::to_string(v).c_str(), 1);
        };
        number("CLSTEP_MAX_STEPS", o.maxSteps);
        number("CLSTEP_LOCAL_MEM_SIZE", o.localMemSize);
        number("CLSTEP_MAX_WORK_GROUP_SIZE", o.maxWorkGroupSize);
        number("CLSTEP_SUB_GROUP_SIZE", o.subGroupSize);
        if (!o.settings.empty()) setenv("CLSTEP_SETTINGS", fs::absolute(o.settings).c_str(), 1);
        if (!o.diagnosticsJson.empty())
            setenv("CLSTEP_DIAGNOSTICS_JSON", fs::absolute(o.diagnosticsJson).c_str(), 1);
        if (o.quiet) setenv("CLSTEP_QUIET", "1", 1);
        if (!suppressionPaths.empty()) setenv("CLSTEP_SUPPRESSIONS", suppressionPaths.c_str(), 1);
        if (o.genSuppressions) setenv("CLSTEP_GEN_SUPPRESSIONS", "1", 1);
        if (!o.launches.empty()) setenv("CLSTEP_LAUNCHES", o.launches.c_str(), 1);
        if (!o.record.empty()) setenv("CLSTEP_RECORD", fs::absolute(o.record).c_str(), 1);
        if (o.recordInline) setenv("CLSTEP_RECORD_INLINE", "1", 1);
        if (!o.breakOn.empty()) {
            setenv("CLSTEP_BREAK_ON", o.breakOn.c_str(), 1);
            setenv("CLSTEP_GUI", gui.c_str(), 1);
            if (!o.guiScript.empty()) setenv("CLSTEP_GUI_SCRIPT", o.guiScript.c_str(), 1);
        }
        std::vector<char*> argv;
        for (const std::string& a : o.command)
            argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execvp(argv[0], argv.data());
        std::cerr << "clstep-cli: cannot run '" << o.command[0] << "': " << strerror(errno) << "\n";
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    launch::RunSummary summary;
    if (std::ifstream in(summaryPath); in) {
        nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        if (!j.is_discarded()) summary = launch::RunSummary::fromJson(j);
    }
    fs::remove_all(icdDir);
    if (!o.quiet) summary.printText(std::cerr);
    if (o.errorExitcode && summary.errors()) return o.errorExitcode;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return 1;
}

} // namespace clstep::cli
