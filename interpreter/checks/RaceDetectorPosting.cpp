// RaceDetector: a thread's `__global` accesses handed to the run's detector in work-group
// order (batches the thread owns); the detection itself is RaceDetector.cpp.
#include "checks/RaceDetector.h"

#include "runtime/GroupOrder.h"
#include "runtime/KernelRun.h"

#include <cstring>
#include <mutex>

namespace clstep {

void RaceDetector::processInGroupOrder(const MemoryAccess& a, uint16_t item) {
    constexpr size_t kInline = sizeof(PostedAccess::data);
    if (a.data && a.size > kInline) [[unlikely]] {
        postAccess(Access::of(a, item));
        return;
    }
    auto fill = [&a, item](PostedAccess& e) {
        e.address = a.address;
        e.buffer = a.buffer;
        e.site = a.site;
        e.size = static_cast<uint32_t>(a.size);
        e.item = item;
        e.order = a.order;
        e.scope = a.scope;
        e.write = a.write;
        e.atomic = a.atomic;
        e.asyncCopy = a.asyncCopy;
        e.copy = a.copy;
        e.hasData = a.data != nullptr;
        if (a.data) std::memcpy(e.data, a.data, a.size);
    };
    // Appended to the open batch while nothing else entered the group order from this thread
    // and the batch's action has not run (sealed: its count is kSealed or more).
    if (m_open && m_openPosts == groupOrderPosts()) {
        uint32_t n = m_open->state.load(std::memory_order_relaxed);
        if (n < Batch::kCapacity) {
            fill(m_open->entries[n]);
            if (m_open->state.compare_exchange_strong(n, n + 1, std::memory_order_release,
                                                      std::memory_order_relaxed))
                return;
        }
    }
    Batch* b = takeBatch();
    fill(b->entries[0]);
    b->state.store(1, std::memory_order_relaxed); // published by the post's lock
    m_open = b;
    m_run->inGroupOrder([this, b] { runBatch(*b); });
    m_openPosts = groupOrderPosts();
}

RaceDetector::Batch* RaceDetector::takeBatch() {
    {
        std::lock_guard<std::mutex> lock(m_freeMutex);
        if (!m_freeBatches.empty()) {
            Batch* b = m_freeBatches.back();
            m_freeBatches.pop_back();
            return b;
        }
    }
    m_batches.push_back(std::make_unique<Batch>());
    return m_batches.back().get();
}

void RaceDetector::runBatch(Batch& b) {
    const uint32_t n = b.state.fetch_or(Batch::kSealed, std::memory_order_acquire);
    RaceDetector* p = m_parent;
    for (uint32_t i = 0; i < n; ++i) {
        const PostedAccess& e = b.entries[i];
        const MemoryAccess a{.address = e.address,
                             .size = e.size,
                             .write = e.write,
                             .atomic = e.atomic,
                             .order = e.order,
                             .scope = e.scope,
                             .asyncCopy = e.asyncCopy,
                             .copy = e.copy,
                             .data = e.hasData ? e.data : nullptr,
                             .buffer = e.buffer,
                             .site = e.site,
                             .workItem = nullptr};
        p->process(p->m_global, a, e.item);
    }
    std::lock_guard<std::mutex> lock(m_freeMutex);
    m_freeBatches.push_back(&b);
}

void RaceDetector::postAccess(const Access& a) {
    // The bytes written or read (benign races need both): up to 16 inline, no allocation.
    std::array<uint8_t, 16> small{};
    std::vector<uint8_t> big;
    const bool hasData = a.data != nullptr;
    if (hasData && a.size <= small.size())
        std::memcpy(small.data(), a.data, a.size);
    else if (hasData)
        big.assign(a.data, a.data + a.size);
    RaceDetector* p = m_parent;
    Access copy = a;
    copy.workItem = nullptr; // gone by then
    m_run->inGroupOrder([p, a = copy, small, big = std::move(big), hasData]() mutable {
        a.data = !hasData ? nullptr : big.empty() ? small.data() : big.data();
        p->process(p->m_global, a, a.item);
    });
}

} // namespace clstep
