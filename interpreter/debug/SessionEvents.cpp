// Session: data watchpoints, break on error, the stop reasons of events, and the trace.
#include "common/TextFormat.h"
#include "debug/AccessTracer.h"
#include "debug/Session.h"
#include "debug/SessionController.h"
#include "debug/ValueFormatter.h"
#include "debug/WatchTracker.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstdio>

namespace clstep::debug {

namespace {

/// At most 32 bytes of a watched value in hex ("00 00 20 40", "... ..." when longer).
std::string watchedBytes(const std::vector<uint8_t>& bytes) {
    if (bytes.empty()) return "?";
    return hexBytes(bytes.data(), std::min<size_t>(bytes.size(), 32)) +
           (bytes.size() > 32 ? " ..." : "");
}

} // namespace

int64_t Session::linearGlobalId(const WorkItemId& id) const {
    const NDRange& r = m_range;
    return static_cast<int64_t>(
        id.global[0] - r.offset[0] +
        r.global[0] * ((id.global[1] - r.offset[1]) + r.global[1] * (id.global[2] - r.offset[2])));
}

std::string Session::describeWorkItem(const WorkItemId& id) const {
    std::string s = "(";
    for (int d = 0; d < 3; ++d) {
        if (d) s += ',';
        s += std::to_string(id.global[d]);
    }
    return s + ")";
}

void Session::setBreakOnError(bool on) {
    m_breakOnError = on;
}

void Session::setTraceCapacity(size_t entries) {
    m_tracer->log().setCapacity(entries);
}

TracePage Session::tracePage(size_t page, size_t pageSize) const {
    Snapshot s;
    s.trace = m_tracer->log().entries();
    s.traceTotal = m_tracer->log().total();
    return debug::tracePage(s, page, pageSize);
}

int Session::addWatchpoint(AddressSpace space, const std::string& buffer, uint64_t offset,
                           uint64_t size, WatchKind kind) {
    if (!m_run) return fail("the kernel is not running: reset first"), 0;
    if (size == 0) return fail("a watchpoint needs a size of at least 1 byte"), 0;
    const Memory* mem = memoryIn(space);
    if (!mem)
        return fail("no memory of that address space to watch (select a running work-group)"), 0;
    const auto& buffers = mem->buffers();
    uint32_t index = 0;
    std::string names;
    for (uint32_t i = 1; i < buffers.size(); ++i) {
        if (!buffers[i].alive) continue;
        names += (names.empty() ? "" : ", ") + buffers[i].name();
        bool byIndex =
            buffer.size() > 1 && buffer[0] == '#' && buffer.substr(1) == std::to_string(i);
        if (!index && (buffer.empty() || buffer == buffers[i].name() || byIndex)) index = i;
    }
    if (!index)
        return fail("no " + std::string(addressSpaceName(space)) + " buffer '" + buffer + "'" +
                    (names.empty() ? std::string(" (there is none yet)")
                                   : " (buffers: " + names + ")")),
               0;
    const Buffer& b = buffers[index];
    if (offset >= b.size() || size > b.size() - offset)
        return fail("bytes " + std::to_string(offset) + ".." + std::to_string(offset + size - 1) +
                    " are outside buffer '" + b.name() + "' of " + std::to_string(b.size()) +
                    " bytes"),
               0;
    Watchpoint w;
    w.id = m_nextBreakpointId++;
    w.space = space;
    w.buffer = index;
    w.bufferName = b.name();
    w.offset = offset;
    w.size = size;
    w.kind = kind;
    if (const WorkItem* wi = selectedItem(); space == AddressSpace::Private && wi)
        w.workItem = linearGlobalId(wi->ids());
    m_watchpoints.push_back(w);
    m_watch->capture(w.id, b.bytes.data() + offset, size);
    return w.id;
}

int Session::addWatchpoint(const std::string& expression, WatchKind kind) {
    QualType type;
    EvalResult r = evaluateTyped(expression, &type);
    if (!r.ok) {
        fail("cannot watch '" + expression + "': " + r.error +
             (r.hint.empty() ? "" : " (hint: " + r.hint + ")"));
        return 0;
    }
    if (!r.address) {
        fail("cannot watch '" + expression +
             "': it is a value, not an object in memory (hint: watch a variable, "
             "an array element, a member or *pointer)");
        return 0;
    }
    AddressSpace space = address::space(r.address);
    std::string name;
    const Memory* mem = memoryIn(space);
    if (mem) {
        const Buffer* b = mem->buffer(r.address);
        if (b) name = std::string(1, '#') + std::to_string(address::buffer(r.address));
    }
    int id = addWatchpoint(space, name, address::offset(r.address), r.size, kind);
    if (!id) return 0;
    Watchpoint& w = m_watchpoints.back();
    w.expression = expression;
    w.type = type;
    return id;
}

bool Session::removeWatchpoint(int id) {
    for (auto it = m_watchpoints.begin(); it != m_watchpoints.end(); ++it)
        if (it->id == id) {
            m_watchpoints.erase(it);
            return true;
        }
    return false;
}

bool Session::setWatchpointEnabled(int id, bool enabled) {
    for (Watchpoint& w : m_watchpoints)
        if (w.id == id) {
            w.enabled = enabled;
            return true;
        }
    return false;
}

bool Session::takeEvent(WorkItem& resumed) {
    auto select = [&](const WorkItem* item) {
        if (!m_group || !item) return;
        const auto& items = m_group->workItems();
        for (size_t i = 0; i < items.size(); ++i)
            if (items[i].get() == item) {
                m_selected = i;
                m_viewLinear = m_groupLinear;
            }
    };
    SessionController& c = *m_controller;
    if (c.hitBreakpoint) {
        WorkItem* wi = c.hitBreakpoint;
        select(wi);
        std::string condition;
        for (Breakpoint& b : m_breakpoints)
            if (b.id == c.hitBreakpointId) {
                ++b.hits;
                condition = b.condition;
            }
        uint32_t line = wi->currentStatement() ? wi->currentStatement()->range.begin.line : 0;
        std::string reason =
            "breakpoint " + std::to_string(c.hitBreakpointId) + " at line " + std::to_string(line);
        if (!condition.empty()) reason += " (condition '" + condition + "')";
        if (!c.conditionError.empty())
            reason += ": the condition could not be evaluated: " + c.conditionError;
        reason += ", work-item " + describeWorkItem(wi->ids());
        stopAt(StopKind::Breakpoint, std::move(reason), wi->ids().global);
        m_stop.id = c.hitBreakpointId;
        c.hitBreakpoint = nullptr;
        return true;
    }
    if (std::optional<WatchTracker::Hit> h = m_watch->take()) {
        select(h->item ? h->item : &resumed);
        const Watchpoint* w = nullptr;
        for (Watchpoint& x : m_watchpoints)
            if (x.id == h->id) {
                ++x.hits;
                w = &x;
            }
        std::string what = w && !w->expression.empty()
                               ? w->expression
                               : std::string(addressSpaceName(address::space(h->address))) + " '" +
                                     h->bufferName + "'+" +
                                     std::to_string(w ? w->offset : address::offset(h->address));
        std::string reason =
            "watchpoint " + std::to_string(h->id) + ": " + (h->write ? "write" : "read") + " of " +
            what + " (" + std::to_string(w ? w->size : h->size) + " bytes) by work-item " +
            describeWorkItem(h->workItem) + " at line " + std::to_string(h->site.begin.line);
        auto show = [&](const std::vector<uint8_t>& bytes) {
            if (w && w->type.type && !bytes.empty() && bytes.size() == w->type->canonical()->size)
                return ValueFormatter(m_runOptions.deviceBigEndian)
                    .format(w->type, bytes.data(), bytes.size());
            return watchedBytes(bytes);
        };
        if (h->write)
            reason += ": " + show(h->before) + " -> " + show(h->after);
        else
            reason += ": " + show(h->after);
        stopAt(StopKind::Watchpoint, std::move(reason), h->workItem.global);
        m_stop.id = h->id;
        c.errorPending = false;
        return true;
    }
    if (c.errorPending) {
        c.errorPending = false;
        if (c.errorIndex < 0 || static_cast<size_t>(c.errorIndex) >= m_run->diagnostics().size())
            return false;
        const Diagnostic& d = m_run->latestOccurrence(static_cast<size_t>(c.errorIndex));
        // the views show this occurrence of the report, not a later one of the same action
        c.shownIndex = c.errorIndex;
        c.shownNumber = m_run->diagnosticCounts()[static_cast<size_t>(c.errorIndex)];
        c.shown = d;
        std::string reason = std::string(severityName(d.severity)) + ": " + d.message + " [" +
                             DiagnosticKinds::name(d.kind) + "] at line " +
                             std::to_string(d.range.begin.line);
        WorkItem* who = c.errorItem;
        c.errorItem = nullptr;
        if (!who && !d.workItems.empty() && m_group)
            for (const auto& item : m_group->workItems())
                if (item->ids().global == d.workItems.front().global) who = item.get();
        std::optional<std::array<uint64_t, 3>> item;
        if (who)
            item = who->ids().global;
        else if (!d.workItems.empty())
            item = d.workItems.front().global;
        if (item)
            reason += ", work-item " + describeWorkItem(who ? who->ids() : d.workItems.front());
        stopAt(StopKind::Error, std::move(reason), item);
        // its index in diagnostics(): the program's and the launch file's come first
        m_stop.diagnostic = static_cast<long>((m_program ? m_program->diagnostics.size() : 0) +
                                              m_launchDiagnostics.size()) +
                            c.errorIndex;
        select(who ? who : &resumed);
        return true;
    }
    return false;
}

const Memory* Session::memoryIn(AddressSpace space) const {
    if (!m_run) return nullptr;
    const WorkGroup* g = viewedGroup();
    const WorkItem* wi = selectedItem();
    switch (space) {
    case AddressSpace::Global:
        return &m_run->globalMemory();
    case AddressSpace::Constant:
        return &m_run->constantMemory();
    case AddressSpace::Local:
        return g ? &const_cast<WorkGroup*>(g)->localMemory() : nullptr;
    case AddressSpace::Private:
        return wi ? &wi->privateMemory() : nullptr;
    default:
        return nullptr;
    }
}

} // namespace clstep::debug
