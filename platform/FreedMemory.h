#pragma once

namespace clstep::ocl {

/// Makes the process's allocator (glibc malloc) keep the memory a launch frees for the next
/// launch instead of returning it to the kernel: one arena for every thread
/// (M_ARENA_MAX 1: the threads of a parallel run, new at each launch, would otherwise take
/// other arenas, whose heaps are unmapped when they empty), blocks up to 32 MiB from the heap
/// instead of their own mappings (M_MMAP_THRESHOLD, glibc's largest), and no trimming of the
/// heap's free top (M_TRIM_THRESHOLD). A launch's buffers, shadows and checks' records are
/// then reused pages: the CTS's test_integer_ops `quick_int_math` (hundreds of launches over
/// 8 MiB buffers, docs/conformance.md) took 2.8 M page faults and 6 s of system time for them.
/// The process's resident size stays at its peak. Called when the program makes a context on
/// clstep's device (clCreateContext: before any build or launch thread has an arena of its
/// own; a program that only lists the platforms keeps its malloc). Applied once per process,
/// when `enabled` (the `keep_memory` setting, DeviceSettings) and the environment does not
/// tune malloc itself (GLIBC_TUNABLES naming a glibc.malloc tunable: the user's choice wins).
/// Returns true when the allocator was tuned (by this call or an earlier one).
bool keepFreedMemory(bool enabled);

} // namespace clstep::ocl
