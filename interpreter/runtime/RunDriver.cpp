#include "runtime/RunDriver.h"

#include "runtime/ExecutionObserver.h"
#include "runtime/KernelRun.h"

namespace clstep {

RunDriver::RunDriver(KernelRun& run, StepController* controller)
    : m_run(run), m_observers(&run.observers()), m_port(nullptr), m_controller(controller),
      m_range(run.range()), m_total(m_range.totalGroups()) {}

RunDriver::RunDriver(KernelRun& run, const std::vector<ExecutionObserver*>& observers,
                     MemoryPort& port)
    : m_run(run), m_observers(&observers), m_port(&port), m_controller(nullptr),
      m_range(run.range()), m_total(m_range.totalGroups()) {}

void RunDriver::beginRun() {
    for (ExecutionObserver* o : *m_observers)
        o->onRunBegin(m_run);
    m_state = State::Running;
    m_next = 0;
}

void RunDriver::discardRun() {
    for (ExecutionObserver* o : *m_observers)
        o->onRunDiscarded(m_run);
    beginRun();
}

void RunDriver::endRun() {
    if (m_state != State::Running) return;
    m_state = State::Ended;
    for (ExecutionObserver* o : *m_observers)
        o->onRunEnd(m_run);
}

std::array<uint64_t, 3> RunDriver::groupId(const NDRange& range, uint64_t linear) {
    const uint64_t gx = range.groups(0), gy = range.groups(1);
    return {linear % gx, (linear / gx) % gy, linear / (gx * gy)};
}

uint64_t RunDriver::linearGroupId(const NDRange& range, const std::array<uint64_t, 3>& id) {
    return id[0] + range.groups(0) * (id[1] + range.groups(1) * id[2]);
}

std::unique_ptr<WorkGroup> RunDriver::startGroup(WorkGroup::WorkItemPool* pool) {
    if (m_next >= m_total) return nullptr;
    // The run's own observers and port unless this driver has a thread's (WorkGroup's
    // defaults are the run's).
    auto group = std::make_unique<WorkGroup>(m_run, groupId(m_next++),
                                             m_port ? m_observers : nullptr, m_port);
    for (ExecutionObserver* o : *m_observers)
        o->onWorkGroupBegin(*group);
    group->createWorkItems(m_controller, pool);
    return group;
}

void RunDriver::endGroup(WorkGroup& group) {
    for (ExecutionObserver* o : *m_observers)
        o->onWorkGroupEnd(group);
    if (m_next >= m_total) endRun();
}

void RunDriver::runGroup(uint64_t linear, WorkGroup::WorkItemPool* pool) {
    WorkGroup group(m_run, groupId(linear), m_port ? m_observers : nullptr, m_port);
    for (ExecutionObserver* o : *m_observers)
        o->onWorkGroupBegin(group);
    group.run(pool);
    for (ExecutionObserver* o : *m_observers)
        o->onWorkGroupEnd(group);
}

void RunDriver::runRemaining(WorkGroup::WorkItemPool* pool) {
    while (m_next < m_total)
        runGroup(m_next++, pool);
    endRun();
}

} // namespace clstep
