#pragma once

#include <cstdint>
#include <string>

namespace clstep {

/// How a kernel run is simulated.
struct RunOptions {
    bool deviceBigEndian = false; ///< device byte order (the host is little-endian)
    /// Statements one work-item may execute before it is stopped with a "step-limit"
    /// diagnostic (guards against endless loops).
    uint64_t maxStepsPerWorkItem = 100'000'000;
    /// How the "step-limit" diagnostic tells the user to raise the limit: the command-line
    /// flag by default; the GUI names its own setting.
    std::string stepLimitSetting = "--max-steps";
    /// A repeated check report (same race, same uninitialized read site) carries its own
    /// work-items and full message, not only what merging needs: the debugger shows each stop's
    /// own pair (KernelRun::latestOccurrence). Off for batch runs, where repeats cost nothing.
    bool repeatDetails = false;
    /// Maximum bytes of `__private` memory per work-item, and of a single allocation.
    uint64_t maxPrivateBytes = 64ull << 20;
    uint32_t maxCallDepth = 256;    ///< nested calls (recursion is rejected by Sema)
    uint32_t maxDiagnostics = 1000; ///< distinct diagnostics kept (others are counted)
};

} // namespace clstep
