#include "runtime/FiberStackPool.h"

#include "common/NestingLimit.h"

#include <boost/context/protected_fixedsize_stack.hpp>

namespace clstep {

namespace {
boost::context::protected_fixedsize_stack guarded() {
    return boost::context::protected_fixedsize_stack(FiberStackPool::stackBytes());
}
} // namespace

FiberStackPool::~FiberStackPool() {
    for (boost::context::stack_context& s : m_free)
        guarded().deallocate(s);
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
