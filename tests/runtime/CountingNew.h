#pragma once
// Replaces the global operator new and delete of a test executable to count its heap
// allocations (tst_groupsequencer, tst_framereuse, tst_uninitializedrepeats). Include it in
// exactly one file of an executable: replacement allocation functions are defined once per
// program ([replacement.functions]), not inline.

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace clstep::test {
/// Calls of operator new by any thread since the process started (a run's deep-stack and
/// worker threads too).
inline std::atomic<uint64_t> g_allocations{0};
/// Calls of operator new by the calling thread.
inline thread_local uint64_t t_allocations = 0;
} // namespace clstep::test

void* operator new(std::size_t size) {
    clstep::test::g_allocations.fetch_add(1, std::memory_order_relaxed);
    ++clstep::test::t_allocations;
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
