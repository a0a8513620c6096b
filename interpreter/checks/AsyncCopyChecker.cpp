#include "checks/AsyncCopyChecker.h"
#include "common/TextFormat.h"

#include "checks/MemoryNames.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

namespace clstep {

namespace {

uint64_t linearLocalId(const WorkItem& wi) {
    return wi.localId(0) + wi.localSize(0) * (wi.localId(1) + wi.localSize(1) * wi.localId(2));
}

std::string describe(const AsyncCopyCall& c) {
    std::string s = "dst " + MemoryNames::hexAddress(c.dst) + ", src " +
                    MemoryNames::hexAddress(c.src) + ", " + std::to_string(c.count) +
                    " elements of " + std::to_string(c.elementBytes) + " bytes";
    if (c.srcStride != 1 || c.dstStride != 1)
        s += ", strides " + std::to_string(c.srcStride) + "/" + std::to_string(c.dstStride);
    return s;
}

nlohmann::json callJson(const AsyncCopyCall& c) {
    return {{"dst", MemoryNames::hexAddress(c.dst)},
            {"src", MemoryNames::hexAddress(c.src)},
            {"element_size", c.elementBytes},
            {"count", c.count},
            {"src_stride", c.srcStride},
            {"dst_stride", c.dstStride},
            {"line", c.site.begin.line},
            {"column", c.site.begin.column}};
}

bool sameCall(const AsyncCopyCall& a, const AsyncCopyCall& b) {
    return a.site == b.site && a.dst == b.dst && a.src == b.src &&
           a.elementBytes == b.elementBytes && a.count == b.count && a.srcStride == b.srcStride &&
           a.dstStride == b.dstStride && a.event == b.event;
}

} // namespace

AsyncCopyChecker::AsyncCopyChecker(CheckDetails& details) : m_details(details) {}

void AsyncCopyChecker::onRunBegin(KernelRun& run) {
    m_run = &run;
}

void AsyncCopyChecker::onWorkGroupBegin(WorkGroup& group) {
    m_calls.clear();
    m_waits.clear();
    m_callers.clear();
    m_items.clear();
    m_groupSize = group.size()[0] * group.size()[1] * group.size()[2];
}

AsyncCopyChecker::ItemState& AsyncCopyChecker::stateOf(const WorkItem& wi) {
    if (m_items.empty()) m_items.resize(m_groupSize);
    uint64_t id = linearLocalId(wi);
    if (id >= m_items.size()) m_items.resize(id + 1);
    return m_items[id];
}

void AsyncCopyChecker::report(Diagnostic d, nlohmann::json fields) {
    m_details.recordAndReport(*m_run, std::move(d), std::move(fields));
}

void AsyncCopyChecker::onAsyncCopy(const AsyncCopyCall& call) {
    if (!m_run || !call.workItem) return;
    ItemState& item = stateOf(*call.workItem);
    uint32_t k = item.calls++;
    if (k >= m_calls.size()) {
        m_calls.push_back(call);
        m_callers.push_back(call.workItem->ids());
    }
    const AsyncCopyCall& first = m_calls[k];
    if (!sameCall(first, call)) {
        Diagnostic d;
        d.severity = Severity::Error;
        d.kind = DiagnosticKind::AsyncCopyDivergence;
        d.range = call.site;
        d.message = "Work-group divergence detected (async copy): copy " + std::to_string(k + 1) +
                    " of work-item " + idsText(call.workItem->ids()) + " (" + describe(call) +
                    ") differs from work-item " + idsText(m_callers[k]) + " (" + describe(first) +
                    ")";
        d.notes.push_back({first.site, "the first work-item made this call"});
        d.workItems.push_back(call.workItem->ids());
        report(std::move(d), {{"call", callJson(call)}, {"first_call", callJson(first)}});
    }
    for (const Event& e : item.events)
        if (e.value == call.result) return; // an event given back to add more copies to it
    item.events.push_back({call.result, k, false});
}

void AsyncCopyChecker::onWaitEvents(const WorkItem& wi, uint64_t count, const uint64_t* events,
                                    const SourceRange& site) {
    if (!m_run) return;
    ItemState& item = stateOf(wi);
    auto invalid = [&](const std::string& what) {
        Diagnostic d;
        d.severity = Severity::Error;
        d.kind = DiagnosticKind::InvalidWaitEvent;
        d.range = site;
        d.message = "Invalid wait_group_events: " + what;
        d.workItems.push_back(wi.ids());
        report(std::move(d), {{"event_count", count}});
    };
    if (!events) {
        invalid("the list of " + std::to_string(count) + " events is not readable memory");
        return;
    }
    bool allKnown = true;
    for (uint64_t i = 0; i < count; ++i) {
        bool known = false;
        for (Event& e : item.events)
            if (e.value == events[i]) {
                e.waited = known = true;
            }
        if (!known)
            invalid("event " + std::to_string(i) + " of the list (value " +
                    std::to_string(events[i]) +
                    ") was not returned by an async copy of this work-item");
        allKnown = allKnown && known;
    }
    // A list with an invalid event was reported as such: not as divergence too.
    const uint32_t k = item.waits++;
    if (allKnown) checkSameWait(wi, count, events, site, k);
}

void AsyncCopyChecker::checkSameWait(const WorkItem& wi, uint64_t count, const uint64_t* events,
                                     const SourceRange& site, uint32_t k) {
    if (k >= m_waits.size()) {
        m_waits.push_back({site, std::vector<uint64_t>(events, events + count), wi.ids()});
        return;
    }
    const Wait& first = m_waits[k];
    // Another call is another barrier: WorkGroup reports that divergence.
    if (!(first.site == site)) return;
    std::string mine, theirs;
    if (count != first.events.size()) {
        mine = std::to_string(count) + " events";
        theirs = std::to_string(first.events.size()) + " events";
    } else {
        uint64_t i = 0;
        while (i < count && events[i] == first.events[i])
            ++i;
        if (i == count) return; // the same wait
        mine = "events[" + std::to_string(i) + "] = " + std::to_string(events[i]);
        theirs = "events[" + std::to_string(i) + "] = " + std::to_string(first.events[i]);
    }
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = DiagnosticKind::BarrierDivergence;
    d.range = site;
    d.message = "Work-group divergence detected (barrier): wait_group_events call " +
                std::to_string(k + 1) + " of work-item " + idsText(wi.ids()) +
                " waits on " + mine + ", work-item " + idsText(first.caller) +
                " waited on " + theirs +
                "; every work-item must wait on the same events (OpenCL C 6.12.10)";
    d.notes.push_back({first.site, "work-item " + idsText(first.caller) +
                                       " waited on " + theirs + " here"});
    d.workItems = {wi.ids(), first.caller};
    report(std::move(d), {{"event_count", count},
                          {"events", std::vector<uint64_t>(events, events + count)},
                          {"first_events", first.events}});
}

void AsyncCopyChecker::onWorkGroupEnd(WorkGroup& group) {
    if (!m_run || m_items.empty()) return;
    // Every work-item must have made the same number of calls.
    for (uint64_t id = 0; id < m_items.size(); ++id) {
        if (m_items[id].calls == m_calls.size()) continue;
        const AsyncCopyCall& missing =
            m_calls[m_items[id].calls < m_calls.size() ? m_items[id].calls : 0];
        Diagnostic d;
        d.severity = Severity::Error;
        d.kind = DiagnosticKind::AsyncCopyDivergence;
        d.range = missing.site;
        d.message =
            "Work-group divergence detected (async copy): " + std::to_string(m_items[id].calls) +
            " of " + std::to_string(m_calls.size()) + " async copies made by local work-item " +
            std::to_string(id) + " of group " + std::to_string(group.groupId()[0]) + "," +
            std::to_string(group.groupId()[1]) + "," + std::to_string(group.groupId()[2]) +
            "; every work-item must make every copy";
        report(std::move(d), {{"calls", m_items[id].calls}, {"expected_calls", m_calls.size()}});
        break; // one report per group
    }
    // Events of the group's copies that were never waited for (checked on the first
    // work-item that received any: the events are the group's).
    for (const ItemState& item : m_items) {
        if (item.events.empty()) continue;
        for (const Event& e : item.events) {
            if (e.waited || e.call >= m_calls.size()) continue;
            const AsyncCopyCall& c = m_calls[e.call];
            Diagnostic d;
            d.severity = Severity::Error;
            d.kind = DiagnosticKind::UnwaitedEvent;
            d.range = c.site;
            d.message = "Work-group finished without waiting for the event of this async copy (" +
                        describe(c) + "): its result is undefined until wait_group_events";
            d.workItems.push_back(m_callers[e.call]);
            report(std::move(d), {{"call", callJson(c)}});
        }
        break;
    }
    m_items.clear();
    m_calls.clear();
    m_callers.clear();
    m_waits.clear();
}

std::unique_ptr<ExecutionObserver> AsyncCopyChecker::forThread() {
    return std::make_unique<AsyncCopyChecker>(m_details);
}

void AsyncCopyChecker::onRunDiscarded(KernelRun&) {
    m_details.clear();
}

} // namespace clstep
