#pragma once

#include "runtime/NDRange.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace clstep {

class ExecutionObserver;
class KernelRun;
class MemoryPort;
class StepController;

/// The one driver of a kernel run (docs/architecture.md, "Execution"): it owns the order of
/// the work-groups (linear work-group id order, x fastest: group (x, y, z) is number
/// x + gx * (y + gy * z)) and the observers' lifecycle of the run, of each work-group and of
/// each group's work-items: ExecutionObserver::onRunBegin, onWorkGroupBegin before a group's
/// work-items are created, onWorkGroupEnd once they all finished, onRunEnd after the last
/// group, onRunDiscarded. Barriers are told by WorkGroup, accesses by the memory port.
///
/// KernelRun::runAll drives whole groups (runRemaining(), and runGroup() on each thread of a
/// parallel run with that thread's observer copies); the debugger (debug::Session) and
/// explore's and the sweep's scheduled runs (debug::runUnderSchedule) drive a group at a
/// time: startGroup(), runItems() as often as they like (a pause leaves the group
/// unfinished, with no event), endGroup(). Every one of them therefore gives the observers
/// the same sequence for the same launch, whatever the work-item schedule:
/// run begin, for each group in order its begin, its barriers and its end, then run end.
/// Calls are plain (no virtual call but the observers' own), once per run or work-group.
class RunDriver {
public:
    /// Drives `run` (which must be ready()) for the run's observers through its memory
    /// port; the work-items of startGroup() pause where `controller` says (null: they run to
    /// a barrier or their end at each resume).
    explicit RunDriver(KernelRun& run, StepController* controller = nullptr);
    /// Drives the work-groups one thread of a parallel run gets (runGroup()) for that
    /// thread's `observers` (ExecutionObserver::forThread copies, kept alive by the caller)
    /// through `port`, the memory port chosen for them (MemoryPort::choose).
    RunDriver(KernelRun& run, const std::vector<ExecutionObserver*>& observers, MemoryPort& port);

    // ---- the run ----
    /// Tells every observer the run begins (onRunBegin, in the order they were added); the
    /// next group is group 0.
    void beginRun();
    /// The run's results so far were thrown away (a parallel attempt whose groups shared
    /// written `__global` bytes): onRunDiscarded, then onRunBegin again, and the next group
    /// is group 0 again.
    void discardRun();
    /// Tells every observer the run ended (onRunEnd), unless it already ended (endGroup()
    /// of the last group ends it) or never began.
    void endRun();
    /// True once every work-group ended in order and the run with them.
    bool finished() const { return m_state == State::Ended; }

    // ---- the order ----
    /// Number of work-groups of the NDRange.
    uint64_t totalGroups() const { return m_total; }
    /// Linear id of the group startGroup() starts next (totalGroups() once all started).
    uint64_t nextGroup() const { return m_next; }
    /// The 3-D id of the group with linear id `linear`.
    std::array<uint64_t, 3> groupId(uint64_t linear) const { return groupId(m_range, linear); }
    /// The 3-D id of the group with linear id `linear` of `range` (x fastest).
    static std::array<uint64_t, 3> groupId(const NDRange& range, uint64_t linear);
    /// The linear id of group `id` of `range` (its place in the order).
    static uint64_t linearGroupId(const NDRange& range, const std::array<uint64_t, 3>& id);

    // ---- a group at a time (the debugger, scheduled runs) ----
    /// Starts the next group in order: creates it, tells the observers (onWorkGroupBegin)
    /// and creates its work-items, each paused before its first statement under the
    /// driver's controller, from `pool` when it has any. Null when every group started. The
    /// caller owns the group (the debugger keeps finished ones for their final state) and
    /// ends it with endGroup().
    std::unique_ptr<WorkGroup> startGroup(WorkGroup::WorkItemPool* pool = nullptr);
    /// Runs `group`'s work-items until every one has finished: `pick(workItems)` returns
    /// the index of the next work-item to resume (a ready one), or -1 when none can run,
    /// and then the group's barrier is released (WorkGroup::releaseBarrierIfComplete).
    /// After each resume `resumed(workItem)` says whether to go on; false pauses: the
    /// group stays unfinished, nothing is told, and a later call goes on from there.
    /// Returns false when paused so, true when the group can run no further (finished).
    template <class Pick, class Resumed>
    bool runItems(WorkGroup& group, Pick&& pick, Resumed&& resumed) {
        while (!group.finished()) {
            const long index = pick(group.workItems());
            if (index < 0) {
                if (!group.releaseBarrierIfComplete()) break;
                continue;
            }
            WorkItem& wi = *group.workItems()[static_cast<size_t>(index)];
            wi.resume();
            if (!resumed(wi)) return false;
        }
        return true;
    }
    /// Ends `group`, the one startGroup() started last, after its work-items finished:
    /// tells the observers (onWorkGroupEnd); after the last group the run ends too
    /// (onRunEnd).
    void endGroup(WorkGroup& group);

    // ---- whole groups (KernelRun::runAll) ----
    /// Runs the groups from nextGroup() on, each to completion in order (work-items from
    /// and back to `pool`), and ends the run. Call on a thread with a deep stack
    /// (runOnDeepStack): work-items without barriers run on the caller's stack.
    void runRemaining(WorkGroup::WorkItemPool* pool);
    /// Runs group `linear` to completion with begin and end told (one group a thread of a
    /// parallel run took; the order is the caller's, the run's end too).
    void runGroup(uint64_t linear, WorkGroup::WorkItemPool* pool);

private:
    enum class State { Before, Running, Ended };
    KernelRun& m_run;
    const std::vector<ExecutionObserver*>* m_observers;
    /// The groups' memory port: the thread's, or null for the run's (KernelRun::memoryPort)
    MemoryPort* m_port;
    StepController* m_controller;
    const NDRange& m_range;
    uint64_t m_total;
    uint64_t m_next = 0;
    State m_state = State::Before;
};

} // namespace clstep
