// Session: the debugger actions on the selected work-group (Session::execute calls them).
#include "debug/AccessTracer.h"
#include "debug/Session.h"
#include "debug/SessionController.h"
#include "debug/WatchTracker.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

namespace clstep::debug {

using Mode = SessionController::Mode;

void Session::armController(int mode, size_t depth, bool breakpoints) {
    m_controller->mode = static_cast<Mode>(mode);
    m_controller->depth = depth;
    m_controller->breakpointsOn = breakpoints;
    m_controller->eventsOn = breakpoints || static_cast<Mode>(mode) != Mode::Never;
    m_controller->breakOnError = m_actionBreakOnError;
    m_controller->breakKinds = m_actionBreakKinds;
    m_controller->hitBreakpoint = nullptr;
    m_controller->hitBreakpointId = 0;
    m_controller->conditionError.clear();
    m_controller->pollReports(nullptr); // errors of earlier operations do not stop this one
    m_controller->errorPending = false;
    m_controller->shownIndex = -1;
    m_watch->take();
    m_controller->breakpoints.clear();
    for (Breakpoint& b : m_breakpoints) {
        if (!b.enabled) continue;
        SessionController::Armed a;
        a.id = b.id;
        a.line = b.line;
        a.hitCount = b.hitCount;
        a.reached = &b.reached;
        if (!b.condition.empty()) {
            auto it = m_conditions.find(b.id);
            if (it == m_conditions.end() || !it->second)
                continue; // does not compile in this program
            a.conditions = it->second.get();
        }
        m_controller->breakpoints.push_back(a);
    }
    m_controller->lowerConditions();
}

bool Session::resumeItem(WorkItem& wi) {
    m_atBreakpoint.erase(&wi);
    wi.resume();
    m_controller->pollReports(&wi);
    if (m_controller->hitBreakpoint) {
        m_atBreakpoint.insert(m_controller->hitBreakpoint);
        return true;
    }
    return m_controller->eventsOn && (m_watch->pending() || m_controller->errorPending);
}

void Session::selectGroupNow(const std::array<uint64_t, 3>& group) {
    const uint64_t target = linearGroupId(group);
    if (target == m_groupLinear || m_finished.count(target)) {
        m_viewLinear = target;
        m_selected = 0;
        stopAt(StopKind::GroupSelected, m_finished.count(target)
                                            ? "work-group finished (final state)"
                                            : "work-group selected");
        return;
    }
    if (target < m_groupLinear || !m_group) {
        m_viewLinear = target;
        fail("work-group already finished and no longer kept", StopKind::GroupFinished);
        return;
    }
    while (m_groupLinear < target && m_group) {
        if (!finishCurrentGroup()) return stopAt(StopKind::Paused, "paused");
        if (m_groupLinear + 1 < m_range.totalGroups())
            startNextGroup();
        else
            break;
    }
    m_viewLinear = target;
    m_selected = 0;
    stopAt(StopKind::GroupSelected, "work-group started");
}

void Session::selectLocalNow(const std::array<uint64_t, 3>& local) {
    const WorkGroup* g = viewedGroup();
    if (!g) {
        fail("no work-group selected");
        return;
    }
    const auto& size = g->size();
    for (int d = 0; d < 3; ++d)
        if (local[d] >= size[d]) {
            fail("local id out of range");
            return;
        }
    m_selected = local[0] + size[0] * (local[1] + size[1] * local[2]);
    stopAt(StopKind::WorkItemSelected, "work-item selected", selectedItem()->ids().global);
}

void Session::lockstep() {
    m_group->releaseBarrierIfComplete();
    armController(static_cast<int>(Mode::AnyStatement), 0, false);
    bool any = false, stopped = false;
    for (const auto& wi : m_group->workItems())
        if (wi->state() == WorkItem::State::Ready) {
            // every ready work-item steps (SIMT view); the first event is reported
            if (resumeItem(*wi) && !stopped) stopped = takeEvent(*wi);
            any = true;
        }
    if (!any) {
        afterGroupProgress();
        fail("no work-item can run");
        return;
    }
    if (!stopped) stopAt(StopKind::Step, "lockstep step");
    afterGroupProgress();
}

void Session::toBarrier() {
    WorkItem* wi = selectedItem();
    m_group->releaseBarrierIfComplete();
    if (wi->state() != WorkItem::State::Ready) return failState(*wi);
    armController(static_cast<int>(Mode::Never), 0, true);
    const bool event = resumeItem(*wi) && takeEvent(*wi);
    if (!event) {
        if (wi->state() == WorkItem::State::AtBarrier)
            stopAt(StopKind::AtBarrier, "at barrier", wi->ids().global);
        else
            stopAt(StopKind::WorkItemFinished, "finished", wi->ids().global);
    }
    afterGroupProgress();
}

void Session::continueToEnd() {
    while (true) {
        if (!runGroup(true, false)) return;
        if (m_stop.kind != StopKind::GroupFinished) return;
        if (!m_group) return stopAt(StopKind::KernelFinished, "kernel finished");
    }
}

void Session::runAllGroups() {
    armController(static_cast<int>(Mode::Never), 0, false);
    const uint64_t total = m_range.totalGroups();
    while (m_group) {
        if (!finishCurrentGroup()) break;
        if (m_groupLinear + 1 < total) startNextGroup();
        if (m_progress) m_progress(m_groupsFinished, total);
        if (m_pauseRequested) break;
    }
    if (!m_group) m_viewLinear = m_groupLinear; // the run ended with its last group
    if (m_group)
        stopAt(StopKind::Paused, "paused");
    else
        stopAt(StopKind::KernelFinished, "kernel finished");
}

void Session::failState(const WorkItem& wi) {
    switch (wi.state()) {
    case WorkItem::State::AtBarrier: {
        size_t waiting = 0;
        for (const auto& w : m_group->workItems())
            waiting += w->state() == WorkItem::State::AtBarrier;
        fail("work-item waits at a barrier (" + std::to_string(waiting) + " of " +
                 std::to_string(m_group->workItems().size()) +
                 " arrived): run the others to the barrier",
             StopKind::AtBarrier);
        break;
    }
    case WorkItem::State::Finished:
        fail("work-item has finished", StopKind::WorkItemFinished);
        break;
    case WorkItem::State::Error:
        fail("work-item stopped with an error");
        break;
    default:
        fail("work-item cannot run");
        break;
    }
    m_stop.workItem = wi.ids().global;
}

void Session::stepSelected(int mode) {
    WorkItem* wi = selectedItem();
    m_group->releaseBarrierIfComplete();
    if (wi->state() != WorkItem::State::Ready) return failState(*wi);
    armController(mode, std::max<size_t>(wi->callDepth(), 1), false);
    const bool event = resumeItem(*wi) && takeEvent(*wi);
    if (!event) {
        if (wi->state() == WorkItem::State::AtBarrier)
            stopAt(StopKind::AtBarrier, "at barrier", wi->ids().global);
        else if (wi->state() == WorkItem::State::Finished)
            stopAt(StopKind::WorkItemFinished, "work-item finished", wi->ids().global);
        else
            stopAt(StopKind::Step, "step", wi->ids().global);
    }
    afterGroupProgress();
}

void Session::afterGroupProgress() {
    if (m_group && m_group->finished()) {
        finishCurrentGroup();
        m_viewLinear = m_groupLinear;
        if (m_groupLinear + 1 < m_range.totalGroups())
            startNextGroup(); // on demand: execution went on (else the run has ended)
    }
}

bool Session::runGroup(bool stopAtBreakpoints, bool toBarrierOnly) {
    if (!m_group)
        return fail("the kernel has finished; reset to run again", StopKind::KernelFinished);
    m_group->releaseBarrierIfComplete();
    while (true) {
        if (m_pauseRequested) {
            stopAt(StopKind::Paused, "paused");
            return true;
        }
        m_scheduler.setSubGroupSize(m_runOptions.subGroupSize);
        long idx = m_scheduler.pick(m_group->workItems());
        if (idx < 0) {
            if (m_group->finished()) {
                afterGroupProgress();
                stopAt(StopKind::GroupFinished, "work-group finished");
                return true;
            }
            if (toBarrierOnly) {
                stopAt(StopKind::GroupAtBarrier, "all work-items at barrier");
                return true;
            }
            bool released = m_group->releaseBarrierIfComplete();
            m_controller->pollReports(nullptr); // barrier divergence
            if (m_controller->errorPending) {
                WorkItem& first = *m_group->workItems().front();
                if (takeEvent(first)) return true;
            }
            if (!released || m_group->finished()) {
                afterGroupProgress();
                stopAt(StopKind::GroupFinished, "work-group finished");
                return true;
            }
            continue;
        }
        armController(
            static_cast<int>(m_scheduler.perStatement() ? Mode::AnyStatement : Mode::Never), 0,
            stopAtBreakpoints);
        WorkItem& wi = *m_group->workItems()[static_cast<size_t>(idx)];
        if (resumeItem(wi) && takeEvent(wi)) return true;
    }
}

} // namespace clstep::debug
