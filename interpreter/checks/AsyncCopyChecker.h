#pragma once

#include "checks/CheckDetails.h"
#include "runtime/ExecutionObserver.h"

#include <cstdint>
#include <vector>

namespace clstep {

/// Checks the rules of async copies and their events (OpenCL C 1.2 spec 6.12.10):
///   - "async-copy-divergence" (error): the work-items of a group must all make the same
///     async copy calls, with the same arguments; reported when the k-th call of a
///     work-item differs from the k-th call of the first work-item that made it (a
///     different source location or argument), or when a work-item finishes after a
///     different number of calls;
///   - "invalid-wait-event" (error): wait_group_events on an event that no async copy
///     returned to this work-item (or an unreadable event list);
///   - "unwaited-event" (error): a work-group finished while the event of one of its copies
///     was never waited for;
///   - "barrier-divergence" (error), as Oclgrind reports it: the k-th wait_group_events call
///     of a work-item, at the same call as the k-th of the first work-item that made one,
///     waits on another number of events or on other events (spec 6.12.10: every work-item
///     must encounter it with the same num_events and event_list). Reported at the call, for
///     each work-item that differs; the run goes on. (Work-items that reach wait_group_events
///     a different number of times, or only some of them, are barrier divergence found by
///     WorkGroup, which treats the call as a barrier.)
/// The copies themselves are checked for races by RaceDetector (they belong to the group).
class AsyncCopyChecker final : public ExecutionObserver {
public:
    /// `details` receives the facts of each distinct report; it must outlive the checker.
    explicit AsyncCopyChecker(CheckDetails& details);

    void onRunBegin(KernelRun& run) override;
    /// Async copies move `__local`/`__global` memory only (spec 6.12.10).
    bool observesInitializedPrivateVariables() const override { return false; }
    bool observesPrivateMemory() const override { return false; }
    /// Its events are the calls (onAsyncCopy(), onWaitEvents()): no onMemoryAccess().
    bool observesMemoryAccesses() const override { return false; }
    void onWorkGroupBegin(WorkGroup& group) override;
    void onWorkGroupEnd(WorkGroup& group) override;
    void onAsyncCopy(const AsyncCopyCall& call) override;
    void onWaitEvents(const WorkItem& wi, uint64_t count, const uint64_t* events,
                      const SourceRange& site) override;
    /// Its state is per work-group and per work-item: each thread of a parallel run gets
    /// its own checker.
    std::unique_ptr<ExecutionObserver> forThread() override;
    void onRunDiscarded(KernelRun& run) override;

private:
    /// One event a work-item received and whether it waited for it.
    struct Event {
        uint64_t value = 0;
        uint32_t call = 0; ///< index into m_calls of the copy that returned it
        bool waited = false;
    };
    struct ItemState {
        uint32_t calls = 0;
        uint32_t waits = 0; ///< wait_group_events calls so far
        std::vector<Event> events;
    };
    /// The k-th wait_group_events call of the group, as the first work-item made it.
    struct Wait {
        SourceRange site;
        std::vector<uint64_t> events; ///< the event values waited on
        WorkItemId caller;
    };
    ItemState& stateOf(const WorkItem& wi);
    /// Compares the `k`-th wait of `wi` with the group's first `k`-th wait (barrier
    /// divergence when the same call waits on other events).
    void checkSameWait(const WorkItem& wi, uint64_t count, const uint64_t* events,
                       const SourceRange& site, uint32_t k);
    void report(Diagnostic d, nlohmann::json fields);

    CheckDetails& m_details;
    KernelRun* m_run = nullptr;
    std::vector<AsyncCopyCall> m_calls; ///< the group's calls, as first made
    std::vector<WorkItemId> m_callers;  ///< the work-item that first made each call
    std::vector<Wait> m_waits;          ///< the group's waits, as first made
    std::vector<ItemState> m_items;     ///< by local linear id (empty until the first call)
    uint64_t m_groupSize = 0;
};

} // namespace clstep
