#pragma once

#include "checks/CheckSet.h"
#include "launch/Suppressions.h"

#include <cstdint>
#include <memory>
#include <string>

namespace clstep::ocl {

/// The simulated device's limits and the platform's run options, read once per process from
/// a settings file (JSON object; path in CLSTEP_SETTINGS) and then from environment variables,
/// which win. Keys / variables (docs/platform.md):
///   local_mem_size       CLSTEP_LOCAL_MEM_SIZE       bytes of __local memory (default 65536)
///   max_work_group_size  CLSTEP_MAX_WORK_GROUP_SIZE  work-items (default 1024)
///   endian               CLSTEP_DEVICE_ENDIAN        "little" (default) or "big"
///   sub_group_size       CLSTEP_SUB_GROUP_SIZE       work-items (default 1)
///   global_mem_size      CLSTEP_GLOBAL_MEM_SIZE      bytes (default 1 GiB)
///   max_steps            CLSTEP_MAX_STEPS            statements per work-item (default
///                        10,000,000,000: real kernels run one work-item over millions of
///                        elements; a kernel that never ends is still stopped, after minutes)
///   checks               CLSTEP_CHECKS               "all" (default), "none", or a comma list
///                        of "no-data-races,no-uninitialized,no-endian-events,uniform-writes,
///                        strict-races"
///   diagnostics_json     CLSTEP_DIAGNOSTICS_JSON     file that receives every launch's
///                        diagnostics and the summary as JSON (ProcessReports)
///   summary              CLSTEP_SUMMARY              file that receives the per-kernel
///                        summary as JSON (ProcessReports; `clstep-cli exec` reads it)
///   record               CLSTEP_RECORD               directory: every launch is recorded as
///                        a replayable bundle NNNN-KERNEL/ (LaunchRecorder.h)
///   record_inline        CLSTEP_RECORD_INLINE        "1": recorded buffers inline in the .sim
///                        (oclgrind-kernel's form) instead of file=
///   launches             CLSTEP_LAUNCHES             which launches get the checks and are
///                        recorded: "N" (the Nth launch of the process), "KERNEL" (every launch
///                        of that kernel) or "KERNEL:N" (its Nth launch); others run unchecked
///   break_on             CLSTEP_BREAK_ON             "error" (the first launch with a runtime
///                        diagnostic), "N", "KERNEL" or "KERNEL:N" (as `launches`): that launch
///                        opens in the GUI and the program waits for it (GuiBreak.h)
///   gui                  CLSTEP_GUI                  the `clstep` GUI executable for break_on
///   gui_script           CLSTEP_GUI_SCRIPT           a `--do` script the GUI runs (tests)
///   quiet                CLSTEP_QUIET                "1": no diagnostics on stderr
///   suppressions         CLSTEP_SUPPRESSIONS         suppression rule files, separated by ':'
///                        (launch::Suppressions; their errors are printed once on stderr and
///                        the well-formed rules used)
///   gen_suppressions     CLSTEP_GEN_SUPPRESSIONS     "1": print a suppression rule for each new
///                        report after each launch's reports
///   keep_memory          CLSTEP_KEEP_MEMORY          "1" (default): from the first context on,
///                        malloc keeps the memory a launch frees for the next one
///                        (keepFreedMemory, FreedMemory.h);
///                        "0": the process's malloc is left as it is
/// An unreadable file or a malformed value is reported once on stderr and the default kept.
struct DeviceSettings {
    uint64_t localMemSize = 64 * 1024;
    uint64_t maxWorkGroupSize = 1024;
    bool bigEndian = false;
    uint32_t subGroupSize = 1;
    uint64_t globalMemSize = 1ull << 30;
    uint64_t maxSteps = 10'000'000'000;
    CheckOptions checks;
    std::string diagnosticsJson;
    std::string summaryFile; ///< summary: the per-kernel summary's JSON file ("" = none)
    std::string recordDir;
    bool recordInline = false; ///< record buffers as inline values, not file= (oclgrind-kernel)
    std::string launches;      ///< "" = every launch
    /// True when launch `number` (1-based, per process), the `kernelIndex`-th launch of kernel
    /// `kernel` (1-based), is selected by `launches`.
    bool selects(uint32_t number, const std::string& kernel, uint32_t kernelIndex) const;
    std::string breakOn;   ///< "" = never; "error"; else a launch spec as `launches`
    std::string gui;       ///< path of the `clstep` GUI
    std::string guiScript; ///< `--do` script given to the GUI ("" = interactive)
    bool quiet = false;
    /// The rules of `suppressions` (never null; empty when none).
    std::shared_ptr<launch::Suppressions> suppressions = std::make_shared<launch::Suppressions>();
    bool genSuppressions = false; ///< gen_suppressions
    bool keepMemory = true;       ///< keep_memory
    /// True when launch spec `spec` ("N", "KERNEL" or "KERNEL:N") names launch `number` of
    /// the process, the `kernelIndex`-th launch of `kernel` (both 1-based).
    static bool matches(const std::string& spec, uint32_t number, const std::string& kernel,
                        uint32_t kernelIndex);

    /// CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE and CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_
    /// MULTIPLE, in work-items (API spec 4.2, 5.9.4: a performance hint, at most the
    /// work-group size limit): the sub-group size, doubled while it is below 32 and the double
    /// stays within maxWorkGroupSize (32 by default, a GPU warp's size; a larger sub-group size
    /// is its own multiple); never more than maxWorkGroupSize. docs/platform.md says why.
    uint64_t preferredWorkGroupSizeMultiple() const;

    /// The settings of this process (read on first use; thread-safe).
    static const DeviceSettings& get();
    /// Reads the settings from CLSTEP_SETTINGS and the environment (for tests).
    static DeviceSettings fromEnvironment();
};

} // namespace clstep::ocl
