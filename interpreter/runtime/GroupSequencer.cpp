#include "runtime/GroupSequencer.h"
#include "runtime/GroupOrder.h"

namespace clstep {

namespace {

/// The group the calling thread runs, and for which sequencer.
struct Current {
    GroupSequencer* sequencer = nullptr;
    void* group = nullptr;
    uint64_t linear = 0;
    const std::atomic<bool>* head = nullptr; ///< the group's head flag (groupIsHead())
};
thread_local Current t_current;

} // namespace

GroupSequencer::GroupSequencer() = default;

GroupSequencer::~GroupSequencer() = default;

GroupSequencer* GroupSequencer::current() {
    return t_current.sequencer;
}

bool groupIsHead() {
    return t_current.head && t_current.head->load(std::memory_order_acquire);
}

void GroupSequencer::begin(uint64_t linear) {
    auto g = std::make_unique<Group>();
    Group* raw = g.get();
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (linear == m_head) g->head.store(true, std::memory_order_release);
        m_groups.emplace(linear, std::move(g));
    }
    t_current = {this, raw, linear, &raw->head};
}

void GroupSequencer::post(std::function<void()> action, bool mayWait) {
    Group& g = *static_cast<Group*>(t_current.group);
    if (g.head.load(std::memory_order_acquire)) {
        action();
        return;
    }
    std::unique_lock<std::mutex> lock(g.mutex);
    if (!g.head.load(std::memory_order_acquire)) {
        if (!mayWait || g.queue.size() < kMaxQueued) {
            g.queue.push_back(std::move(action));
            return;
        }
        // Too much queued: wait until every earlier group is done (they all run or ran).
        g.headReached.wait(lock, [&g] { return g.head.load(std::memory_order_acquire); });
    }
    lock.unlock();
    action();
}

bool GroupSequencer::promote(Group& g) {
    // The queue runs in batches taken under the group's lock, so the thread running the
    // group keeps posting (to a fresh queue) instead of waiting for the whole queue to run.
    // The group becomes the head only once its queue is empty, under the lock: every action
    // posted before that ran first, in order.
    std::unique_lock<std::mutex> lock(g.mutex);
    std::vector<std::function<void()>> batch;
    while (!g.queue.empty()) {
        batch.swap(g.queue);
        lock.unlock();
        for (auto& action : batch)
            action();
        batch.clear();
        lock.lock();
    }
    std::vector<std::function<void()>>().swap(g.queue);
    if (g.finished) return true;
    g.head.store(true, std::memory_order_release);
    g.headReached.notify_all();
    return false;
}

void GroupSequencer::end() {
    const Current cur = t_current;
    t_current = {};
    Group& g = *static_cast<Group*>(cur.group);
    std::lock_guard<std::mutex> lock(m_mutex);
    {
        std::lock_guard<std::mutex> groupLock(g.mutex);
        g.finished = true;
    }
    if (cur.linear != m_head) return; // flushed later, by the thread that ends the head
    m_groups.erase(m_head++);
    for (auto it = m_groups.find(m_head); it != m_groups.end(); it = m_groups.find(m_head)) {
        if (!promote(*it->second)) break;
        m_groups.erase(it);
        ++m_head;
    }
}

} // namespace clstep
