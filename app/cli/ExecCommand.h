#pragma once

#include "CheckSwitches.h"
#include "ReportSwitches.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::cli {

/// Options of `clstep-cli exec [OPTIONS] -- PROGRAM ARGS...` (docs/platform.md).
struct ExecOptionsCli : CheckSwitches, ReportSwitches { ///< with the switches of `run`
    std::vector<std::string> command;                   ///< PROGRAM and its arguments
    std::string library;                                ///< --library: libclstep-opencl.so to use
    std::string deviceEndian = "little";
    uint64_t maxSteps = 0;         ///< 0: the platform's default
    uint64_t localMemSize = 0;     ///< bytes; 0: default
    uint64_t maxWorkGroupSize = 0; ///< work-items; 0: default
    uint32_t subGroupSize = 0;     ///< work-items; 0: default
    std::string settings;          ///< --settings FILE (JSON, DeviceSettings keys)
    std::string diagnosticsJson;
    std::string record;        ///< --record DIR
    bool recordInline = false; ///< --record-inline: buffers inline in the .sim (oclgrind-kernel)
    std::string launches;      ///< --launches N|KERNEL[:N]
    std::string breakOn;       ///< --break-on error|N|KERNEL[:N] (platform/GuiBreak.h)
    std::string gui;           ///< --gui PATH: the `clstep` GUI (default: next to clstep-cli)
    std::string guiScript;     ///< --gui-script SCRIPT: a `--do` script for the GUI (tests, demos)
    bool quiet = false;
};

/// Registers the `exec` options on `cmd`.
void addExecOptions(CLI::App& cmd, ExecOptionsCli& options);

/// Runs PROGRAM with clstep as its only OpenCL platform, without installing anything: writes
/// a clstep.icd naming libclstep-opencl.so into a temporary directory, points the ICD loader
/// at it (OCL_ICD_VENDORS), passes the options to the library as CLSTEP_* environment
/// variables, and waits for the program. Then prints the platform's per-kernel summary
/// (launch::RunSummary, from CLSTEP_SUMMARY's file: "SUMMARY: clstep: kernel K: ...") on
/// stderr unless --quiet. Returns --error-exitcode N when it is given and a launch reported an
/// error, else the program's exit status (128+signal when it was killed), or 127 when it
/// cannot be started, 2 on a usage error (a malformed --suppressions file included: they are
/// read before the program starts).
int runExec(const ExecOptionsCli& options);

} // namespace clstep::cli
