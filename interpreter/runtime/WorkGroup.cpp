#include "runtime/WorkGroup.h"

#include "frontend/AstWalk.h"
#include "runtime/BarrierFlags.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

#include <algorithm>

namespace clstep {

using namespace ast;

WorkGroup::WorkGroup(KernelRun& run, const std::array<uint64_t, 3>& groupId,
                     const std::vector<ExecutionObserver*>* observers, MemoryPort* port)
    : m_run(run), m_observers(observers ? observers : &run.observers()),
      m_port(port ? port : &run.memoryPort()), m_groupId(groupId) {
    const NDRange& r = run.range();
    for (int d = 0; d < 3; ++d) {
        uint64_t start = groupId[d] * r.local[d];
        m_size[d] = std::min(r.local[d], r.global[d] - start);
    }
    allocateLocals();
}

WorkGroup::~WorkGroup() = default;

void WorkGroup::allocateLocals() {
    for (const VarDecl* v : kernelScopeLocals(m_run.kernel().body.get()))
        m_localVars[v] = m_local.allocate(v->type->canonical()->size, v->name);
    const FunctionDecl& k = m_run.kernel();
    m_localArgs.assign(k.params.size(), 0);
    for (size_t i = 0; i < k.params.size(); ++i) {
        uint64_t size = m_run.localArgumentSize(i);
        if (size) m_localArgs[i] = m_local.allocate(size, k.params[i]->name);
    }
}

uint64_t WorkGroup::localVariable(const VarDecl* v) const {
    auto it = m_localVars.find(v);
    return it == m_localVars.end() ? 0 : it->second;
}

uint64_t WorkGroup::localArgument(size_t index) const {
    return index < m_localArgs.size() ? m_localArgs[index] : 0;
}

void WorkGroup::run(WorkItemPool* pool) {
    if (!m_run.usesBarriers()) {
        // No barrier is reachable: run each work-item to completion, reusing one work-item.
        std::unique_ptr<WorkItem> wi;
        if (pool && !pool->empty()) {
            wi = std::move(pool->back());
            pool->pop_back();
            wi->rebind(*this);
        } else {
            wi = std::make_unique<WorkItem>(m_run, *this);
        }
        for (uint64_t z = 0; z < m_size[2]; ++z)
            for (uint64_t y = 0; y < m_size[1]; ++y)
                for (uint64_t x = 0; x < m_size[0]; ++x) {
                    wi->setLocalId({x, y, z});
                    wi->runDirect();
                }
        if (pool) pool->push_back(std::move(wi));
        return;
    }
    createWorkItems(nullptr, pool);
    // Each pass resumes the first unfinished work-item; each one then resumes the next when
    // it stops (GroupFibers::chain), in local linear id order, as a loop calling resume()
    // on every work-item would.
    m_fibers.chain = true;
    while (!finished()) {
        if (WorkItem* first = firstUnfinished(0)) first->resume();
        if (!releaseBarrierIfComplete()) break;
    }
    m_fibers.chain = false;
    if (pool) {
        // Every fiber has returned: the work-items can be reused as they are. Last local id
        // first, so that createWorkItems() hands each WorkItem the same local id again (its
        // kept argument buffers then keep their `__private` shadow flags, PrivateWrites).
        for (auto it = m_items.rbegin(); it != m_items.rend(); ++it)
            pool->push_back(std::move(*it));
        m_items.clear();
    }
}

void WorkGroup::createWorkItems(StepController* controller, WorkItemPool* pool) {
    m_items.clear();
    for (uint64_t z = 0; z < m_size[2]; ++z)
        for (uint64_t y = 0; y < m_size[1]; ++y)
            for (uint64_t x = 0; x < m_size[0]; ++x) {
                if (pool && !pool->empty()) {
                    m_items.push_back(std::move(pool->back()));
                    pool->pop_back();
                    m_items.back()->rebind(*this);
                } else {
                    m_items.push_back(std::make_unique<WorkItem>(m_run, *this));
                }
                m_items.back()->setLocalId({x, y, z});
                m_items.back()->setController(controller);
            }
}

WorkItem* WorkGroup::firstUnfinished(uint64_t from) const {
    for (size_t i = from; i < m_items.size(); ++i) {
        const WorkItem::State s = m_items[i]->state();
        if (s != WorkItem::State::Finished && s != WorkItem::State::Error) return m_items[i].get();
    }
    return nullptr;
}

bool WorkGroup::finished() const {
    for (const auto& wi : m_items)
        if (wi->state() != WorkItem::State::Finished && wi->state() != WorkItem::State::Error)
            return false;
    return true;
}

std::vector<Value>& WorkGroup::collectiveSlots(unsigned which) {
    std::vector<Value>& slots = m_collective[which & 1];
    if (slots.size() != m_items.size()) slots.resize(m_items.size());
    return slots;
}

void WorkGroup::reportDivergence(const std::vector<const WorkItem*>& items, const WorkItem& first,
                                 size_t atBarrier, size_t done, const char* scope) {
    Diagnostic d;
    d.kind = DiagnosticKind::BarrierDivergence;
    d.range = first.barrierRange();
    const bool waitEvents = first.barrierFlags() & kWaitGroupEventsBarrier;
    d.message = std::string(scope) + " divergence detected (" + first.barrierName() +
                "): " + std::to_string(atBarrier) + " of " + std::to_string(items.size()) +
                " work-items reached this " +
                (waitEvents                                      ? "wait_group_events call"
                 : std::string(first.barrierName()) == "barrier" ? "barrier"
                                                                 : "call");
    if (done) d.message += ", " + std::to_string(done) + " finished without reaching it";
    for (const WorkItem* wi : items)
        if (wi->state() == WorkItem::State::AtBarrier &&
            !(wi->barrierRange() == first.barrierRange()))
            d.notes.push_back({wi->barrierRange(), "other work-items wait here"});
    d.workItems.push_back(first.ids());
    // And the first work-item that is not waiting there (finished, or at another barrier).
    for (const WorkItem* wi : items)
        if (wi->state() != WorkItem::State::AtBarrier ||
            !(wi->barrierRange() == first.barrierRange())) {
            d.workItems.push_back(wi->ids());
            break;
        }
    m_run.report(std::move(d));
}

bool WorkGroup::releaseSubGroups() {
    bool any = false;
    for (const auto& wi : m_items)
        any = any || (wi->state() == WorkItem::State::AtBarrier && wi->waitsForSubGroup());
    if (!any) return false;
    const size_t s = std::max<uint32_t>(1, m_run.options().subGroupSize);
    for (size_t first = 0; first < m_items.size(); first += s) {
        std::vector<const WorkItem*> members;
        const WorkItem* waiting = nullptr;
        size_t atCall = 0, done = 0;
        bool same = true;
        for (size_t i = first; i < std::min(first + s, m_items.size()); ++i) {
            const WorkItem& wi = *m_items[i];
            members.push_back(&wi);
            if (wi.state() == WorkItem::State::AtBarrier && wi.waitsForSubGroup()) {
                ++atCall;
                if (!waiting)
                    waiting = &wi;
                else if (!(wi.barrierRange() == waiting->barrierRange()))
                    same = false;
            } else if (wi.state() != WorkItem::State::AtBarrier) {
                ++done;
            } else {
                same = false; // at a work-group barrier while the others are at a sub-group one
            }
        }
        if (!waiting) continue;
        if (!same || done) reportDivergence(members, *waiting, atCall, done, "Sub-group");
        for (size_t i = first; i < std::min(first + s, m_items.size()); ++i)
            if (m_items[i]->state() == WorkItem::State::AtBarrier && m_items[i]->waitsForSubGroup())
                m_items[i]->releaseBarrier();
    }
    return true;
}

bool WorkGroup::releaseBarrierIfComplete() {
    // One pass: the waiting and finished work-items counted, the first waiting one found and
    // every other waiting one's barrier compared with its barrier.
    size_t atBarrier = 0, done = 0;
    bool subGroupWait = false, sameBarrier = true;
    const WorkItem* first = nullptr;
    for (auto& wi : m_items) {
        const WorkItem::State s = wi->state();
        if (s == WorkItem::State::AtBarrier) {
            ++atBarrier;
            subGroupWait = subGroupWait || wi->waitsForSubGroup();
            if (!first)
                first = wi.get();
            else if (sameBarrier && !(wi->barrierRange() == first->barrierRange()))
                sameBarrier = false;
        } else if (s == WorkItem::State::Finished || s == WorkItem::State::Error) {
            ++done;
        } else {
            return true; // someone is still running (paused at a statement)
        }
    }
    if (atBarrier == 0) return true;
    // Sub-group collectives wait only for their sub-group.
    if (subGroupWait && releaseSubGroups()) return true;
    // Every work-item must reach the same barrier (spec 6.12.8) or work-group function
    // (2.0 6.13.15).
    const bool divergent = done != 0 || !sameBarrier;
    if (divergent) {
        std::vector<const WorkItem*> items; // only for the report: no allocation per barrier
        items.reserve(m_items.size());
        for (auto& wi : m_items)
            items.push_back(wi.get());
        reportDivergence(items, *first, atBarrier, done, "Work-group");
        // Like Oclgrind, the run goes on: every waiting work-item is released (whichever
        // barrier it waits at) so each one runs to its end and the buffers hold what a device
        // that ignores the divergence would leave, not the values of half-run work-items.
    }
    for (ExecutionObserver* o : observers())
        o->onBarrier(*this, first->barrierFlags() & ~kWaitGroupEventsBarrier);
    for (auto& wi : m_items)
        if (wi->state() == WorkItem::State::AtBarrier) wi->releaseBarrier();
    return true;
}

} // namespace clstep
