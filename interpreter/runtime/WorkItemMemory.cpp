// WorkItem: the state its memory port and builtins consult (atomic functions, async copies),
// runtime diagnostics and its ids.
#include "core/ComponentOps.h"
#include "core/MemorySemantics.h"
#include "runtime/ComponentMemory.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <utility>

namespace clstep {

void WorkItem::describeAccess(MemoryAccess& a) const {
    a.atomic = m_access.atomic;
    a.order = m_access.order;
    a.scope = m_access.scope;
    a.asyncCopy = m_access.asyncCopy;
    a.workItem = this;
}

namespace {
/// The locks the calling thread's atomic function holds (KernelRun::atomicMutex of its first
/// byte's line and, when it may reach into the next line, of that one; the same twice when it
/// does not): a work-item never switches in the middle of an atomic function, so its thread
/// holds at most one pair.
thread_local std::mutex* t_atomicLocks[2] = {nullptr, nullptr};
} // namespace

void WorkItem::atomicBegin(uint64_t address) {
    // Only __global memory is shared with work-groups running on other threads. __local
    // memory belongs to this work-group, whose work-items run one at a time on this thread
    // and never switch in the middle of an atomic function: it needs no lock.
    m_access.holdsLock = address::space(address) == AddressSpace::Global;
    if (m_access.holdsLock) {
        // An atomic object has at most 8 bytes: one that starts past byte 56 of its line may
        // end in the next. Two locks are taken in the order of their addresses (no deadlock).
        std::mutex* first = &m_run.atomicMutex(address);
        std::mutex* second = (address & 63) > 56 ? &m_run.atomicMutex(address + 8) : first;
        if (second < first) std::swap(first, second);
        first->lock();
        if (second != first) second->lock();
        t_atomicLocks[0] = first;
        t_atomicLocks[1] = second;
    }
    m_access.atomic = true;
}

void WorkItem::atomicEnd() {
    if (m_access.holdsLock) {
        if (t_atomicLocks[1] != t_atomicLocks[0]) t_atomicLocks[1]->unlock();
        t_atomicLocks[0]->unlock();
    }
    m_access.holdsLock = false;
    m_access.atomic = false;
    m_access.order = MemoryAccess::kNoOrder;
    m_access.scope = memory_scope::kDevice;
}

void WorkItem::atomicSemantics(uint8_t order, uint8_t scope) {
    m_access.order = order;
    m_access.scope = scope;
}

void WorkItem::reportDiagnostic(DiagnosticKind kind, const std::string& message,
                                const SourceRange& site) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = kind;
    d.message = message;
    d.range = site;
    d.workItems.push_back(ids());
    m_run.report(std::move(d));
}

WorkItemId WorkItem::ids() const {
    WorkItemId id;
    id.global = m_ids.globalId;
    id.local = m_ids.localId;
    id.group = m_group->groupId();
    return id;
}

uint64_t WorkItem::localSize(uint32_t d) const {
    return d < 3 ? m_group->size()[d] : 1;
}

uint64_t WorkItem::groupId(uint32_t d) const {
    return d < 3 ? m_group->groupId()[d] : 0;
}

} // namespace clstep
