#pragma once

#include "runtime/RunOptions.h"

#include "CheckSwitches.h"
#include "ReportSwitches.h"
#include "checks/CheckSet.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::cli {

/// Options of `clstep-cli run FILE.sim` / `clstep-cli run FILE.cl --kernel K --global ...`.
struct RunOptionsCli : CheckSwitches, ReportSwitches {
    std::string file;
    /// Builds this kernel file instead of the one the .sim names (`sweep --kernel-file`,
    /// used by `grade` to run a submission under the reference's launch); "" = the .sim's.
    std::string kernelFileOverride;
    std::string kernel;
    std::string global;            ///< "X[,Y[,Z]]"
    std::string local;             ///< "X[,Y[,Z]]"
    std::string globalOffset;      ///< "X[,Y[,Z]]"
    std::vector<std::string> args; ///< one `<...>` spec per kernel argument, in order
    std::string clStd = "CL1.2";
    std::vector<std::string> defines;
    std::vector<std::string> includeDirs;
    std::string buildOptions; ///< -b/--build-options: clBuildProgram options (5.6.4)
    /// --device-endian little|big; empty: the launch file's `# clstep: device-endian`, else
    /// little.
    std::string deviceEndian;
    uint64_t maxSteps = 100'000'000;
    unsigned threads = 0; ///< --threads: threads that run work-groups (0 = one per core)
    uint64_t localMemBytes = RunOptions().localMemoryBytes;   ///< CL_DEVICE_LOCAL_MEM_SIZE
    uint64_t globalMemBytes = RunOptions().globalMemoryBytes; ///< CL_DEVICE_GLOBAL_MEM_SIZE
    uint32_t subGroupSize = 32;  ///< --sub-group-size: RunOptions::subGroupSize
    bool accessStats = false;    ///< --access-stats
    std::string accessStatsJson; ///< --json FILE (with --access-stats)
    uint32_t banks = 32;         ///< --banks
    uint32_t bankWidth = 4;      ///< --bank-width (bytes)
    uint32_t segmentBytes = 128; ///< --segment (bytes)
    std::string diagnosticsJson; ///< write runtime diagnostics as JSON to this file
    std::string dumpPng;         ///< --dump-png DIR: `dump` images also as DIR/NAME.png
    bool interactive = false;    ///< -i: debug the kernel in the interactive console
    /// --expect[=PATH]: compare the final buffers with recorded ones (ExpectedOutput);
    /// `expect` is PATH ("" = the .sim's expected/ directory), given when the option's count
    /// is not 0.
    std::string expect;
    const CLI::Option* expectOption = nullptr;
};

/// Registers what names one launch on `cmd`, for `run` and `sweep`: the launch or kernel file,
/// --kernel, --global, --global-offset, --arg (a .sim argument line), and the build options
/// --cl-std, -D, -I, -b (clBuildProgram's, spec 5.8.4).
void addLaunchOptions(CLI::App& cmd, RunOptionsCli& options);
/// Registers the per-run limits on `cmd`, for `run` and `sweep`: --max-steps (statements per
/// work-item), --local-mem-size (bytes of __local memory per work-group) and --global-mem-size
/// (bytes of global memory).
void addLimitOptions(CLI::App& cmd, RunOptionsCli& options);
/// Registers the SIMT statistics options on `cmd`, for `run` and `sweep`: --access-stats
/// (checks/AccessStats: `__local` bank conflicts, `__global` coalescing and divergence per
/// sub-group), --banks, --bank-width (bytes) and --segment (bytes; docs/diagnostics.md,
/// "Access statistics").
void addAccessStatsOptions(CLI::App& cmd, RunOptionsCli& options);
/// Registers the `run` options on `cmd`.
void addRunOptions(CLI::App& cmd, RunOptionsCli& options);

/// The runtime checks the switches of `options` ask for (--no-checks, --no-data-races,
/// --no-uninitialized, --no-endian-events, --uniform-writes; docs/diagnostics.md), for the
/// batch run and the interactive console alike.
CheckOptions checkOptionsOf(const RunOptionsCli& options);

/// Runs the kernel: diagnostics go to stderr (file:line:col blocks), `dump` arguments and
/// printf output to stdout in Oclgrind's format. Reports a --suppressions rule matches are
/// left out (and counted: "N reports suppressed by M rules" at the end). Returns 0 for a clean
/// run, 1 when there are error diagnostics (build, launch or runtime) or --expect finds a
/// difference (--error-exitcode N instead of 1 for an error reported by the run), 2 on a
/// usage error (a malformed suppressions file included).
int runRun(const RunOptionsCli& options);

} // namespace clstep::cli
