#pragma once

#include <cstdint>

namespace clstep {

/// How a kernel run is simulated.
struct RunOptions {
    bool deviceBigEndian = false; ///< device byte order (the host is little-endian)
    /// Statements one work-item may execute before it is stopped with a "step-limit"
    /// diagnostic (guards against endless loops).
    uint64_t maxStepsPerWorkItem = 100'000'000;
    /// Maximum bytes of `__private` memory per work-item, and of a single allocation.
    uint64_t maxPrivateBytes = 64ull << 20;
    uint32_t maxCallDepth = 256;    ///< nested calls (recursion is rejected by Sema)
    uint32_t maxDiagnostics = 1000; ///< distinct diagnostics kept (others are counted)
    /// Threads that run work-groups in parallel (0 = one per core). Output and diagnostics
    /// do not depend on it: they come out in work-group order.
    unsigned threads = 0;
};

} // namespace clstep
