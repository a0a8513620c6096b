// WorkItem: the state its memory port and builtins consult (atomic functions, async copies),
// runtime diagnostics and its ids.
#include "core/LaneOps.h"
#include "runtime/KernelRun.h"
#include "runtime/LaneMemory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

void WorkItem::describeAccess(MemoryAccess& a) const {
    a.atomic = m_atomicLocked;
    a.order = m_atomicOrder;
    a.scope = m_atomicScope;
    a.asyncCopy = m_inAsyncCopy;
    a.workItem = this;
}

void WorkItem::atomicBegin(uint64_t address) {
    // Only __global memory is shared with work-groups running on other threads. __local
    // memory belongs to this work-group, whose work-items run one at a time on this thread
    // and never switch in the middle of an atomic function: it needs no lock.
    m_atomicHoldsLock = address::space(address) == AddressSpace::Global;
    if (m_atomicHoldsLock) m_run.atomicMutex().lock();
    m_atomicLocked = true;
}

void WorkItem::atomicEnd() {
    if (m_atomicHoldsLock) m_run.atomicMutex().unlock();
    m_atomicHoldsLock = false;
    m_atomicLocked = false;
    m_atomicOrder = MemoryAccess::kNoOrder;
    m_atomicScope = 2;
}

void WorkItem::atomicSemantics(uint8_t order, uint8_t scope) {
    m_atomicOrder = order;
    m_atomicScope = scope;
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
    id.global = m_globalId;
    id.local = m_localId;
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
