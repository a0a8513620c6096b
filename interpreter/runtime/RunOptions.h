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
    /// A repeated check report (same race, same uninitialized read site) carries its own
    /// work-items and full message, not only what merging needs: the debugger shows each stop's
    /// own pair (KernelRun::latestOccurrence). Off for batch runs, where repeats cost nothing.
    bool repeatDetails = false;
    /// Maximum bytes of one `__private` variable ("allocation-too-large" at its declaration).
    uint64_t maxPrivateBytes = 64ull << 20;
    /// Maximum bytes of `__private` memory in use by one work-item at once: its variables,
    /// parameters and arguments ("allocation-too-large" at the declaration that would pass
    /// it; Memory::liveBytes). The REPL adds its kept variables, which every entry's work-item
    /// holds, to the default.
    uint64_t maxWorkItemPrivateBytes = 64ull << 20;
    /// The simulated device's __local memory per work-group, bytes (CL_DEVICE_LOCAL_MEM_SIZE;
    /// 64 KiB as on common GPUs). A kernel whose __local variables and __local arguments need
    /// more is refused with a "launch" diagnostic (spec 5.8.5: CL_OUT_OF_RESOURCES). Front
    /// ends and the OpenCL platform set and report the same value.
    uint64_t localMemoryBytes = 64ull << 10;
    /// The simulated device's global memory, bytes (CL_DEVICE_GLOBAL_MEM_SIZE): __global and
    /// __constant buffer arguments and program-scope variables together. A launch needing
    /// more is refused with a "launch" diagnostic naming the buffers and the total
    /// (CL_MEM_OBJECT_ALLOCATION_FAILURE). Host memory running out is reported the same way.
    uint64_t globalMemoryBytes = 1ull << 30;
    uint32_t maxCallDepth = 256;    ///< nested calls (recursion is rejected by Sema)
    uint32_t maxDiagnostics = 1000; ///< distinct diagnostics kept (others are counted)
    /// Threads that run work-groups in parallel (0 = one per core). Output and diagnostics
    /// do not depend on it: they come out in work-group order.
    unsigned threads = 0;
    /// Maximum sub-group size in work-items (cl_khr_subgroups; `run --sub-group-size N`).
    /// A work-group is cut into sub-groups of this many consecutive local linear ids (the
    /// last one may be smaller). 32 by default, like a common SIMD width. The one setting of
    /// sub-group shape: the sub-group builtins, the collective barrier points and any future
    /// SIMT schedule all read it from here.
    uint32_t subGroupSize = 32;
};

} // namespace clstep
