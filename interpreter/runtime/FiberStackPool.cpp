#include "runtime/FiberStackPool.h"

#include "common/NestingLimit.h"

#include <boost/context/protected_fixedsize_stack.hpp>

#include <atomic>
#include <mutex>

namespace clstep {

namespace {
boost::context::protected_fixedsize_stack guarded() {
    return boost::context::protected_fixedsize_stack(FiberStackPool::stackBytes());
}

std::atomic<size_t> g_mapped{0};

/// The process-wide reserve of free stacks (FiberStackPool::kKeepShared). Never destroyed
/// (a thread's pool may die after main returns); its stacks live as long as the process.
struct SharedReserve {
    std::mutex mutex;
    std::vector<boost::context::stack_context> stacks;
};
SharedReserve& reserve() {
    static auto* r = new SharedReserve;
    return *r;
}
} // namespace

FiberStackPool::~FiberStackPool() {
    SharedReserve& r = reserve();
    {
        const std::lock_guard<std::mutex> lock(r.mutex);
        while (!m_free.empty() && r.stacks.size() < kKeepShared) {
            try {
                r.stacks.push_back(m_free.back());
            } catch (...) {
                break;
            }
            m_free.pop_back();
        }
    }
    for (boost::context::stack_context& s : m_free)
        guarded().deallocate(s);
}

size_t FiberStackPool::mappedTotal() {
    return g_mapped.load();
}

size_t FiberStackPool::stackBytes() {
    return kDeepStackBytes;
}

boost::context::stack_context FiberStackPool::allocate() {
    if (!m_free.empty()) {
        boost::context::stack_context s = m_free.back();
        m_free.pop_back();
        return s;
    }
    {
        SharedReserve& r = reserve();
        const std::lock_guard<std::mutex> lock(r.mutex);
        if (!r.stacks.empty()) {
            boost::context::stack_context s = r.stacks.back();
            r.stacks.pop_back();
            return s;
        }
    }
    ++g_mapped;
    return guarded().allocate();
}

void FiberStackPool::deallocate(boost::context::stack_context& sctx) noexcept {
    if (m_free.size() < kKeep) {
        try {
            m_free.push_back(sctx);
            return;
        } catch (...) {
        }
    }
    guarded().deallocate(sctx);
}

std::shared_ptr<FiberStackPool> FiberStackPool::forThisThread() {
    thread_local std::shared_ptr<FiberStackPool> pool = std::make_shared<FiberStackPool>();
    return pool;
}

} // namespace clstep
