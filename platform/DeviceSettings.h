#pragma once

#include "checks/CheckSet.h"

#include <cstdint>
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
///   max_steps            CLSTEP_MAX_STEPS            statements per work-item
///   checks               CLSTEP_CHECKS               "all" (default), "none", or a comma list
///                        of "no-data-races,no-uninitialized,no-endian-events,uniform-writes"
///   diagnostics_json     CLSTEP_DIAGNOSTICS_JSON     file that receives every launch's
///                        diagnostics as JSON
///   quiet                CLSTEP_QUIET                "1": no diagnostics on stderr
/// An unreadable file or a malformed value is reported once on stderr and the default kept.
struct DeviceSettings {
    uint64_t localMemSize = 64 * 1024;
    uint64_t maxWorkGroupSize = 1024;
    bool bigEndian = false;
    uint32_t subGroupSize = 1;
    uint64_t globalMemSize = 1ull << 30;
    uint64_t maxSteps = 100'000'000;
    CheckOptions checks;
    std::string diagnosticsJson;
    bool quiet = false;

    /// The settings of this process (read on first use; thread-safe).
    static const DeviceSettings& get();
    /// Reads the settings from CLSTEP_SETTINGS and the environment (for tests).
    static DeviceSettings fromEnvironment();
};

} // namespace clstep::ocl
