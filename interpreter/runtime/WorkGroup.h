#pragma once

#include "core/Value.h"
#include "runtime/GroupFibers.h"
#include "runtime/Memory.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace clstep {

class ExecutionObserver;
class KernelRun;
class MemoryPort;
class StepController;
class WorkItem;
namespace ast {
struct VarDecl;
}

/// One work-group (spec 3.2): its `__local` memory (the kernel's `__local` variables and
/// `__local` pointer arguments, allocated when the group starts) and its work-items. Runs
/// its work-items in local-id order; each runs until it reaches a barrier or finishes, then
/// the group checks that every work-item reached the same barrier (otherwise it reports
/// "barrier-divergence") and releases them. In run(), a work-item that stops at a barrier
/// passes control straight to the next one (GroupFibers::chain): a pass over the group
/// switches fibers once per work-item.
class WorkGroup {
public:
    /// Prepares group `groupId` (0-based per dimension) of `run`. `observers` (if not null)
    /// replaces the run's observers for this group: a parallel run gives each thread its own
    /// (ExecutionObserver::forThread()), and then `port`, the memory port chosen for that
    /// thread's observers (MemoryPort::choose). Without them the group uses the run's
    /// observers and KernelRun::memoryPort().
    WorkGroup(KernelRun& run, const std::array<uint64_t, 3>& groupId,
              const std::vector<ExecutionObserver*>* observers = nullptr,
              MemoryPort* port = nullptr);
    ~WorkGroup();

    /// Finished work-items kept for reuse by later work-groups of the same run on the same
    /// thread (saves re-allocating their frames and `__private` memory).
    using WorkItemPool = std::vector<std::unique_ptr<WorkItem>>;
    /// Runs every work-item of the group to completion; takes work-items from `pool` and
    /// returns them to it when they all finished (pool may be null). The group's begin and
    /// end are told to the observers by the RunDriver that runs it, not here.
    void run(WorkItemPool* pool = nullptr);

    const std::array<uint64_t, 3>& groupId() const { return m_groupId; }
    /// Actual size of this group per dimension (smaller for a trailing non-uniform group).
    const std::array<uint64_t, 3>& size() const { return m_size; }
    Memory& localMemory() { return m_local; }
    /// Address of the kernel's `__local` variable `v` in this group.
    uint64_t localVariable(const ast::VarDecl* v) const;
    /// Address of the `__local` buffer bound to kernel parameter `index` (0 if none).
    uint64_t localArgument(size_t index) const;
    KernelRun& kernelRun() { return m_run; }
    /// The observers of this group's events and accesses.
    const std::vector<ExecutionObserver*>& observers() const { return *m_observers; }
    /// The memory port of this group's work-items (never null).
    MemoryPort& memoryPort() const { return *m_port; }

    // ---- driving the group step by step (the debugger) ----
    /// Creates the group's work-items (on fibers), each paused before its first statement;
    /// `controller` decides where they pause (may be null: run to barrier/end).
    /// Work-items come from `pool` when it has any (see run()).
    void createWorkItems(StepController* controller, WorkItemPool* pool = nullptr);
    /// The work-items in local linear id order (empty before createWorkItems()).
    const std::vector<std::unique_ptr<WorkItem>>& workItems() const { return m_items; }
    /// When every unfinished work-item waits at a barrier: checks they wait at the same one
    /// and that none finished without it (else reports "barrier-divergence", spec 6.12.8),
    /// tells the observers, and releases them all, so a divergent group still runs every
    /// work-item to its end as Oclgrind does. Returns true: the group can always go on.
    bool releaseBarrierIfComplete();
    /// True when every work-item finished.
    bool finished() const;
    /// Slot buffer `which` (0 or 1) of the collective functions: one Value per work-item,
    /// by local linear id (WorkItem::collective alternates between the two).
    std::vector<Value>& collectiveSlots(unsigned which);
    /// The fiber switching state of this group's work-items (WorkItem::resume()).
    GroupFibers& fibers() { return m_fibers; }
    /// The first work-item at local linear id `from` or later that has not finished (the
    /// next one a pass over the group resumes), or nullptr.
    WorkItem* firstUnfinished(uint64_t from) const;

private:
    void allocateLocals();
    /// Releases the work-items waiting at sub-group collectives, sub-group by sub-group
    /// (reporting divergence inside a sub-group). Returns true if any was waiting.
    bool releaseSubGroups();
    /// Reports a "barrier-divergence" at the wait of `first` among `items`.
    void reportDivergence(const std::vector<const WorkItem*>& items, const WorkItem& first,
                          size_t atBarrier, size_t done, const char* scope);
    KernelRun& m_run;
    const std::vector<ExecutionObserver*>* m_observers;
    MemoryPort* m_port;
    std::array<uint64_t, 3> m_groupId;
    std::array<uint64_t, 3> m_size{1, 1, 1};
    Memory m_local{AddressSpace::Local};
    std::map<const ast::VarDecl*, uint64_t> m_localVars;
    std::vector<uint64_t> m_localArgs;
    std::vector<std::unique_ptr<WorkItem>> m_items;
    std::vector<Value> m_collective[2];
    GroupFibers m_fibers;
};

} // namespace clstep
