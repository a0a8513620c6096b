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
thread_local uint64_t t_posts = 0; ///< groupOrderPosts()

} // namespace

GroupSequencer::GroupSequencer() = default;

GroupSequencer::~GroupSequencer() = default;

GroupSequencer* GroupSequencer::current() {
    return t_current.sequencer;
}

bool groupIsHead() {
    return t_current.head && t_current.head->load(std::memory_order_acquire);
}

uint64_t groupOrderPosts() {
    return t_posts;
}

void GroupSequencer::begin(uint64_t linear) {
    ++t_posts;
    Group* raw = nullptr;
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        std::unique_ptr<Group> g;
        if (m_spare.empty()) {
            g = std::make_unique<Group>();
        } else {
            g = std::move(m_spare.back());
            m_spare.pop_back();
        }
        raw = g.get();
        raw->finished = false;
        raw->head.store(linear == m_head, std::memory_order_release);
        m_groups.emplace(linear, std::move(g));
    }
    t_current = {this, raw, linear, &raw->head};
}

GroupSequencer::Group* GroupSequencer::find(uint64_t linear) {
    const auto it = m_groups.find(linear);
    return it == m_groups.end() ? nullptr : it->second.get();
}

void GroupSequencer::retire(uint64_t linear) {
    const auto it = m_groups.find(linear);
    std::unique_ptr<Group> g = std::move(it->second);
    m_groups.erase(it);
    if (g->queue.capacity() > kKeptCapacity) std::vector<GroupAction>().swap(g->queue);
    if (g->batch.capacity() > kKeptCapacity) std::vector<GroupAction>().swap(g->batch);
    m_spare.push_back(std::move(g));
}

void GroupSequencer::post(GroupAction action, bool mayWait) {
    ++t_posts;
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
    // group keeps posting (to the emptied queue) instead of waiting for the whole queue to
    // run. The group becomes the head only once its queue is empty, under the lock: every
    // action posted before that ran first, in order. Both vectors keep their capacity for
    // the group that reuses this one (retire()).
    std::unique_lock<std::mutex> lock(g.mutex);
    while (!g.queue.empty()) {
        g.batch.swap(g.queue);
        lock.unlock();
        for (auto& action : g.batch)
            action();
        g.batch.clear();
        lock.lock();
    }
    // posting goes on into the larger of the two (both empty now), so a reused group queues
    // without growing a vector again
    if (g.queue.capacity() < g.batch.capacity()) g.queue.swap(g.batch);
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
    retire(m_head++);
    for (Group* next = find(m_head); next; next = find(m_head)) {
        if (!promote(*next)) break;
        retire(m_head++);
    }
}

} // namespace clstep
