#include "GuiBreak.h"

#include "DeviceSettings.h"
#include "LaunchRecorder.h"
#include "ProgramObject.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace clstep::ocl {

namespace fs = std::filesystem;

namespace {

bool hasDisplay() {
    for (const char* var : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        if (const char* v = std::getenv(var); v && *v) return true;
    return false;
}

/// Runs `argv` and waits for it; its exit status, or -1 if it could not be started.
int runAndWait(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

} // namespace

bool breakIntoGui(uint32_t launchNumber, const KernelObject& k, const NDRange& range,
                  const std::vector<KernelArgument>& args,
                  std::vector<std::vector<uint8_t>>& finalBytes) {
    const DeviceSettings& settings = DeviceSettings::get();
    const std::string what =
        "clstep: --break-on: launch " + std::to_string(launchNumber) + " ('" + k.name + "')";
    const std::string goesOn = "; the program continues with clstep's own run of it\n";
    if (!hasDisplay()) {
        std::cerr << what
                  << " would open in the GUI, but there is no display (DISPLAY and "
                     "WAYLAND_DISPLAY are not set)"
                  << goesOn;
        return false;
    }
    if (settings.gui.empty() || access(settings.gui.c_str(), X_OK) != 0) {
        std::cerr << what << " would open in the GUI, but the GUI executable '" << settings.gui
                  << "' is not there (build with -DCLSTEP_BUILD_GUI=ON)" << goesOn;
        return false;
    }
    char pattern[] = "/tmp/clstep-break-XXXXXX";
    if (!mkdtemp(pattern)) {
        std::cerr << what << ": cannot create a temporary directory" << goesOn;
        return false;
    }
    fs::path tmp = pattern;
    recordLaunch(tmp.string(), launchNumber, k, range, args, {});
    char number[16];
    std::snprintf(number, sizeof number, "%04u", launchNumber);
    fs::path sim = tmp / (std::string(number) + "-" + k.name) / "launch.sim";
    fs::path results = tmp / "results";
    if (!fs::exists(sim)) {
        fs::remove_all(tmp);
        std::cerr << what << ": the launch could not be recorded for the GUI" << goesOn;
        return false;
    }
    std::cerr << what << " is open in the GUI; the program waits until the window is closed\n";
    std::vector<std::string> argv{settings.gui, sim.string(), "--results", results.string()};
    if (!settings.guiScript.empty()) {
        argv.push_back("--do");
        argv.push_back(settings.guiScript);
    }
    int rc = runAndWait(argv);
    std::ifstream stateFile(results / "state.txt");
    std::string state;
    stateFile >> state;
    if (rc != 0 || state.empty()) {
        fs::remove_all(tmp);
        std::cerr << what << ": the GUI " << (rc < 0 ? "could not be started" : "failed")
                  << " (exit status " << rc << ")" << goesOn;
        return false;
    }
    std::vector<std::vector<uint8_t>> gui = finalBytes;
    for (size_t i = 0; i < args.size(); ++i) {
        const bool memory = args[i].kind == KernelArgument::Kind::Buffer ||
                            args[i].kind == KernelArgument::Kind::Image;
        if (!memory || args[i].aliasOf >= 0) continue;
        std::ifstream in(results / (args[i].name + ".bin"), std::ios::binary);
        std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                   std::istreambuf_iterator<char>()};
        if (!in || bytes.size() != args[i].bytes.size()) {
            fs::remove_all(tmp);
            std::cerr << what << ": the GUI gave no " << args[i].bytes.size() << "-byte "
                      << (args[i].kind == KernelArgument::Kind::Image ? "image" : "buffer")
                      << " for argument " << i << " ('" << args[i].name << "')" << goesOn;
            return false;
        }
        gui[i] = std::move(bytes);
    }
    fs::remove_all(tmp);
    finalBytes = std::move(gui);
    std::cerr << what << ": the GUI session ended; the program continues with its buffers"
              << (state == "finished" ? ""
                                      : " (the kernel had not finished: the buffers are as "
                                        "the session left them)")
              << "\n";
    return true;
}

} // namespace clstep::ocl
