#pragma once

#include <boost/context/stack_context.hpp>

#include <cstddef>
#include <memory>
#include <vector>

namespace clstep {

/// Stacks for work-item fibers: each kDeepStackBytes (sized so that evaluation can reach
/// kMaxNestingDepth) plus one guard page below it (Boost.Context's protected_fixedsize_stack),
/// so a stack overflow faults at once instead of overwriting other memory. Stacks are mapped
/// with mmap and committed page by page as they are touched; freed stacks are kept for reuse
/// (up to `kKeep`) because a work-group creates one fiber per work-item. When a pool is
/// destroyed (its thread ended: the OpenCL platform runs each launch on a new thread), its
/// free stacks go to a process-wide reserve (up to `kKeepShared`, behind a mutex) that
/// allocate() draws on before mapping a new stack: a program that launches many small
/// kernels maps its stacks once, not once per launch (CTS test_c11_atomics spent most of its
/// time in the kernel's mmap, page faults and munmap).
///
/// Not thread-safe: use one pool per thread (WorkItem does). Models Boost.Context's
/// StackAllocator through FiberStackPool::Allocator. allocate() throws std::bad_alloc when
/// the address space is exhausted.
class FiberStackPool {
public:
    /// Freed stacks kept for reuse: a work-group of the default maximum size (1024
    /// work-items) frees that many at its end, and the next one takes them again (with 256,
    /// a launch of 1024 work-items unmapped 768 stacks and mapped them again at the next).
    static constexpr size_t kKeep = 1024;
    /// Stacks of destroyed pools kept for reuse by the process.
    static constexpr size_t kKeepShared = 2048;

    FiberStackPool() = default;
    FiberStackPool(const FiberStackPool&) = delete;
    FiberStackPool& operator=(const FiberStackPool&) = delete;
    ~FiberStackPool();

    /// A stack of stackBytes() usable bytes above a guard page.
    boost::context::stack_context allocate();
    /// Returns a stack from allocate() to the pool.
    void deallocate(boost::context::stack_context& sctx) noexcept;
    /// Usable bytes of every stack (kDeepStackBytes).
    static size_t stackBytes();
    /// Stacks mapped (mmap) by every pool of the process so far (for tests).
    static size_t mappedTotal();

    /// The pool of the calling thread (shared: a fiber's allocator keeps it alive until the
    /// fiber is gone, even past the end of the thread).
    static std::shared_ptr<FiberStackPool> forThisThread();

    /// Boost.Context StackAllocator handing out this pool's stacks; `last`, if set, receives
    /// each allocated stack (for sanitizer fiber annotations).
    struct Allocator {
        std::shared_ptr<FiberStackPool> pool;
        boost::context::stack_context* last = nullptr;
        boost::context::stack_context allocate() {
            boost::context::stack_context s = pool->allocate();
            if (last) *last = s;
            return s;
        }
        void deallocate(boost::context::stack_context& sctx) noexcept { pool->deallocate(sctx); }
    };

private:
    std::vector<boost::context::stack_context> m_free;
};

} // namespace clstep
