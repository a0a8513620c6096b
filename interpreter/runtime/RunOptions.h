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
    /// Work-items per sub-group (`--sub-group-size`; a power of two, e.g. 8/16 SIMD, 32 warp,
    /// 64 wavefront). Sub-groups are formed from consecutive local linear ids (spec 3.2.1).
    uint32_t subGroupSize = 32;
};

} // namespace clstep
