#pragma once

#include "runtime/GroupAction.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

namespace clstep {

/// Puts the side effects of work-groups that run in parallel back into work-group order
/// (linear work-group id order, the order of a sequential run), so a run is reproducible
/// whatever the threads do.
///
/// Each thread announces the group it starts (begin()) and finishes (end()). A side effect
/// (appending printf output, recording a runtime diagnostic, a check's processing of a
/// `__global` access) is handed to post(): it runs at once when every earlier group has
/// finished and been flushed (the current group is the *head*), otherwise it is queued with
/// the group and runs, in posting order, when the group becomes the head. Posted actions
/// therefore run one at a time, in exactly the order a sequential run would perform them.
///
/// A group whose queue holds more than kMaxQueued actions waits, at a post() that allows it,
/// until it becomes the head, so printf-heavy kernels stay bounded by (threads × kMaxQueued)
/// queued actions. Waiting cannot deadlock as long as the caller holds no lock another group
/// needs (so never inside an atomic operation): groups are started in increasing id order,
/// so every earlier group is running or done.
///
/// Used by KernelRun::runAll() for parallel runs only; sequential runs (the debugger) post
/// nothing and pay nothing. Posting allocates nothing once the sequencer has run a group:
/// actions of up to GroupAction::kInlineBytes are stored in the queue itself, and a flushed
/// group (with its queue's capacity) is reused by a later one.
class GroupSequencer {
public:
    /// Most actions a group queues before it waits to become the head.
    static constexpr size_t kMaxQueued = 1 << 16;

    /// A sequencer whose first group is group 0.
    GroupSequencer();
    ~GroupSequencer();
    GroupSequencer(const GroupSequencer&) = delete;
    GroupSequencer& operator=(const GroupSequencer&) = delete;

    /// The calling thread starts group `linear` (groups start in increasing order).
    void begin(uint64_t linear);
    /// The calling thread finished its group: when it is the head, it flushes the queues of
    /// the following groups that are already finished, and makes the next running one the
    /// head.
    void end();
    /// Runs `action` in group order (see the class comment); the calling thread must be
    /// between begin() and end(). With `mayWait`, a full queue makes the caller wait for its
    /// turn. Actions may post again (they then run at once).
    void post(GroupAction action, bool mayWait = false);
    /// The sequencer the calling thread currently runs a group for, or null.
    static GroupSequencer* current();

private:
    struct Group {
        std::mutex mutex;
        std::condition_variable headReached;
        std::atomic<bool> head{false};
        bool finished = false;
        std::vector<GroupAction> queue;
        std::vector<GroupAction> batch; ///< the part of the queue promote() runs now
    };
    /// Queue capacity (actions) a reused group keeps; a larger one is freed.
    static constexpr size_t kKeptCapacity = 1 << 12;
    /// Runs the queue of `g` and makes it the head; called with m_mutex held. Returns true
    /// when `g` had finished (the caller then removes it and promotes the next group).
    bool promote(Group& g);

    /// The started group `linear`, or null; called with m_mutex held.
    Group* find(uint64_t linear);
    /// Removes the flushed group `linear` (started) and keeps it for reuse; with m_mutex held.
    void retire(uint64_t linear);

    std::mutex m_mutex; ///< m_groups, m_spare and m_head
    /// Started, not yet flushed groups by linear id: about one per thread, but many when a
    /// thread runs ahead of a long head group (work-groups of one work-item), so found and
    /// removed in O(log n) (a vector made the flush quadratic in the groups run ahead).
    std::map<uint64_t, std::unique_ptr<Group>> m_groups;
    std::vector<std::unique_ptr<Group>> m_spare; ///< flushed groups, reused by begin()
    uint64_t m_head = 0;                         ///< the group whose actions run now
};

} // namespace clstep
