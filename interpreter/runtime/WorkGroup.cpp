#include "runtime/WorkGroup.h"

#include "frontend/AstWalk.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

namespace clstep {

using namespace ast;

WorkGroup::WorkGroup(KernelRun& run, const std::array<uint64_t, 3>& groupId,
                     const std::vector<ExecutionObserver*>* observers)
    : m_run(run), m_observers(observers ? observers : &run.observers()), m_groupId(groupId) {
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
    for (ExecutionObserver* o : observers())
        o->onWorkGroupBegin(*this);
    runWorkItems(pool);
    for (ExecutionObserver* o : observers())
        o->onWorkGroupEnd(*this);
}

void WorkGroup::runWorkItems(WorkItemPool* pool) {
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
    while (!finished()) {
        for (auto& wi : m_items)
            wi->resume();
        if (!releaseBarrierIfComplete()) break;
    }
    if (pool && !m_diverged) {
        // every fiber has returned: the work-items can be reused as they are
        for (auto& wi : m_items)
            pool->push_back(std::move(wi));
        m_items.clear();
    }
}

void WorkGroup::createWorkItems(StepController* controller, WorkItemPool* pool) {
    m_items.clear();
    m_diverged = false;
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

bool WorkGroup::finished() const {
    if (m_diverged) return true;
    for (const auto& wi : m_items)
        if (wi->state() != WorkItem::State::Finished && wi->state() != WorkItem::State::Error)
            return false;
    return true;
}

bool WorkGroup::releaseBarrierIfComplete() {
    size_t atBarrier = 0, done = 0;
    for (auto& wi : m_items) {
        if (wi->state() == WorkItem::State::AtBarrier)
            ++atBarrier;
        else if (wi->state() == WorkItem::State::Finished || wi->state() == WorkItem::State::Error)
            ++done;
        else
            return true; // someone is still running (paused at a statement)
    }
    if (atBarrier == 0) return true;
    // Every work-item must reach the same barrier (spec 6.12.8).
    const WorkItem* first = nullptr;
    bool divergent = done != 0;
    for (auto& wi : m_items) {
        if (wi->state() != WorkItem::State::AtBarrier) continue;
        if (!first)
            first = wi.get();
        else if (!(wi->barrierRange() == first->barrierRange()))
            divergent = true;
    }
    if (divergent) {
        Diagnostic d;
        d.kind = "barrier-divergence";
        d.range = first->barrierRange();
        d.message = "Work-group divergence detected (barrier): " + std::to_string(atBarrier) +
                    " of " + std::to_string(m_items.size()) + " work-items reached this barrier";
        if (done) d.message += ", " + std::to_string(done) + " finished without reaching it";
        for (auto& wi : m_items)
            if (wi->state() == WorkItem::State::AtBarrier &&
                !(wi->barrierRange() == first->barrierRange()))
                d.notes.push_back({wi->barrierRange(), "other work-items wait at this barrier"});
        d.workItems.push_back(first->ids());
        m_run.report(std::move(d));
        m_diverged = true; // the group cannot continue consistently
        return false;
    }
    for (ExecutionObserver* o : observers())
        o->onBarrier(*this, first->barrierFlags());
    for (auto& wi : m_items)
        wi->releaseBarrier();
    return true;
}

} // namespace clstep
