// Session: performing debugger actions on the selected work-group.
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

bool Session::perform(const Record& r) {
    switch (r.action) {
    case Action::Schedule:
        m_scheduler = Scheduler(static_cast<SchedulePolicy>(r.a[0]), r.b);
        m_stopReason = std::string("schedule ") + schedulePolicyName(m_scheduler.policy());
        return true;
    case Action::Group: {
        uint64_t target = linearGroupId(r.a);
        if (target == m_groupLinear || m_finished.count(target)) {
            m_viewLinear = target;
            m_selected = 0;
            m_stopReason = m_finished.count(target) ? "work-group finished (final state)"
                                                    : "work-group selected";
            return true;
        }
        if (target < m_groupLinear || !m_group) {
            m_viewLinear = target;
            return fail("work-group already finished and no longer kept");
        }
        while (m_groupLinear < target && m_group) {
            finishCurrentGroup();
            if (m_groupLinear + 1 < m_range.totalGroups())
                startGroup(m_groupLinear + 1);
            else
                break;
        }
        m_viewLinear = target;
        m_selected = 0;
        m_stopReason = "work-group started";
        return true;
    }
    case Action::Select: {
        const WorkGroup* g = viewedGroup();
        if (!g) return fail("no work-group selected");
        const auto& size = g->size();
        for (int d = 0; d < 3; ++d)
            if (r.a[d] >= size[d]) return fail("local id out of range");
        m_selected = r.a[0] + size[0] * (r.a[1] + size[1] * r.a[2]);
        m_stopReason = "work-item selected";
        return true;
    }
    default:
        break;
    }
    if (!m_group) return fail("the kernel has finished; reset to run again");
    if (m_viewLinear != m_groupLinear)
        return fail("the selected work-group has finished; select the running one");
    switch (r.action) {
    case Action::Step:
        return stepSelected(static_cast<int>(Mode::AnyStatement));
    case Action::Next:
        return stepSelected(static_cast<int>(Mode::DepthAtMost));
    case Action::Finish:
        return stepSelected(static_cast<int>(Mode::DepthBelow));
    case Action::Lockstep: {
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
            return fail("no work-item can run");
        }
        if (!stopped) m_stopReason = "lockstep step";
        afterGroupProgress();
        return true;
    }
    case Action::ToBarrier: {
        WorkItem* wi = selectedItem();
        m_group->releaseBarrierIfComplete();
        if (wi->state() != WorkItem::State::Ready) return fail(stateMessage(*wi));
        armController(static_cast<int>(Mode::Never), 0, true);
        bool event = resumeItem(*wi) && takeEvent(*wi);
        if (!event)
            m_stopReason = wi->state() == WorkItem::State::AtBarrier ? "at barrier" : "finished";
        afterGroupProgress();
        return true;
    }
    case Action::GroupToBarrier:
        return runGroup(true, true);
    case Action::GroupToEnd:
        return runGroup(true, false);
    case Action::Continue: {
        while (true) {
            if (!runGroup(true, false)) return false;
            if (m_stopReason != "work-group finished") return true;
            if (!m_group) {
                m_stopReason = "kernel finished";
                return true;
            }
        }
    }
    case Action::RunAll: {
        armController(static_cast<int>(Mode::Never), 0, false);
        while (m_group) {
            finishCurrentGroup();
            if (m_groupLinear + 1 < m_range.totalGroups()) startGroup(m_groupLinear + 1);
            if (m_pauseRequested) break;
        }
        if (!m_group) {
            for (ExecutionObserver* o : m_run->observers())
                o->onRunEnd(*m_run);
            m_viewLinear = m_groupLinear;
        }
        m_stopReason = m_group ? "paused" : "kernel finished";
        return true;
    }
    default:
        return false;
    }
}

std::string Session::stateMessage(const WorkItem& wi) const {
    switch (wi.state()) {
    case WorkItem::State::AtBarrier: {
        size_t waiting = 0;
        for (const auto& w : m_group->workItems())
            waiting += w->state() == WorkItem::State::AtBarrier;
        return "work-item waits at a barrier (" + std::to_string(waiting) + " of " +
               std::to_string(m_group->workItems().size()) +
               " arrived): run the others to the barrier";
    }
    case WorkItem::State::Finished:
        return "work-item has finished";
    case WorkItem::State::Error:
        return "work-item stopped with an error";
    default:
        return "work-item cannot run";
    }
}

bool Session::stepSelected(int mode) {
    WorkItem* wi = selectedItem();
    m_group->releaseBarrierIfComplete();
    if (wi->state() != WorkItem::State::Ready) return fail(stateMessage(*wi));
    armController(mode, std::max<size_t>(wi->callDepth(), 1), false);
    bool event = resumeItem(*wi) && takeEvent(*wi);
    if (!event)
        m_stopReason = wi->state() == WorkItem::State::AtBarrier  ? "at barrier"
                       : wi->state() == WorkItem::State::Finished ? "work-item finished"
                                                                  : "step";
    afterGroupProgress();
    return true;
}

void Session::afterGroupProgress() {
    if (m_group && m_group->finished()) {
        finishCurrentGroup();
        m_viewLinear = m_groupLinear;
        if (m_groupLinear + 1 < m_range.totalGroups())
            startGroup(m_groupLinear + 1); // on demand: execution went on
        else
            for (ExecutionObserver* o : m_run->observers())
                o->onRunEnd(*m_run);
    }
}

bool Session::runGroup(bool stopAtBreakpoints, bool toBarrierOnly) {
    if (!m_group) return fail("the kernel has finished; reset to run again");
    m_group->releaseBarrierIfComplete();
    while (true) {
        if (m_pauseRequested) {
            m_stopReason = "paused";
            return true;
        }
        m_scheduler.setSubGroupSize(m_runOptions.subGroupSize);
        long idx = m_scheduler.pick(m_group->workItems());
        if (idx < 0) {
            if (m_group->finished()) {
                afterGroupProgress();
                m_stopReason = "work-group finished";
                return true;
            }
            if (toBarrierOnly) {
                m_stopReason = "all work-items at barrier";
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
                m_stopReason = "work-group finished";
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
