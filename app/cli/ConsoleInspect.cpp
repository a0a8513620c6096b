// Console: print, list, backtrace, info and the trace.
#include "Console.h"

#include "core/Address.h"

#include <cstdio>
#include <iostream>

namespace clstep::cli {

using namespace clstep::debug;

namespace {

/// "data races, uninitialized reads, endian conversions, async copies", or "off".
std::string checksText(const CheckOptions& o) {
    std::string text;
    auto add = [&text](bool on, const char* name) {
        if (on) text += (text.empty() ? "" : ", ") + std::string(name);
    };
    const std::string races =
        std::string("data races") + (o.uniformWrites && o.strictRaces
                                         ? " (uniform writes too, benign races as errors)"
                                     : o.uniformWrites ? " (uniform writes too)"
                                     : o.strictRaces   ? " (benign races as errors)"
                                                       : "");
    add(o.dataRaces, races.c_str());
    add(o.uninitialized, "uninitialized reads");
    add(o.endianEvents, "endian conversions");
    add(o.asyncCopies, "async copies");
    return text.empty() ? "off" : text;
}

std::string hexValue(const std::array<uint8_t, 8>& v, uint64_t size) {
    std::string s;
    char buf[4];
    for (uint64_t i = 0; i < size && i < 8; ++i) {
        std::snprintf(buf, sizeof buf, "%02x", v[i]);
        if (i) s += ' ';
        s += buf;
    }
    if (size > 8) s += " ...";
    return s;
}

} // namespace

void Console::cmdPrint(const Args&, const std::string& rest) {
    if (rest.empty())
        return error("print what?", "print partial[lid], print p->x, print get_global_id(0)");
    EvalResult r = m_session.evaluate(rest);
    if (r.ok) {
        m_out << rest << " = " << r.value << " (" << r.type << ")\n";
        return;
    }
    m_out << "error: " << r.error << "\n";
    if (r.column > 0) m_out << "  " << rest << "\n  " << std::string(r.column - 1, ' ') << "^\n";
    if (!r.hint.empty()) m_out << "hint: " << r.hint << "\n";
}

void Console::cmdList(const Args& args, const std::string&) {
    const Program* p = m_session.program();
    if (!p) return error("no program loaded");
    Snapshot snap = m_session.snapshot();
    uint32_t file = p->mainFile, current = 0;
    if (!snap.workItems.empty() && snap.workItems[snap.selected].position.valid()) {
        file = snap.workItems[snap.selected].position.begin.file;
        current = snap.workItems[snap.selected].position.begin.line;
    }
    uint32_t first;
    if (!args.empty()) {
        uint64_t line;
        std::string spec = args[0];
        size_t colon = spec.find_last_of(':');
        if (colon != std::string::npos) spec = spec.substr(colon + 1);
        if (!parseNumber(spec, line) || line == 0)
            return error("'" + args[0] + "' is not a line number", "list 20");
        file = p->mainFile;
        first = line > 5 ? static_cast<uint32_t>(line) - 5 : 1;
    } else if (m_listNext) {
        first = m_listNext;
    } else {
        first = current > 5 ? current - 5 : 1;
    }
    uint32_t lines = 1;
    for (char c : p->sources.text(file))
        lines += c == '\n';
    uint32_t shown = 0;
    for (uint32_t l = first; l < first + 10 && l <= lines; ++l) {
        bool isBreak = false;
        for (const Breakpoint& b : m_session.breakpoints())
            isBreak |= b.line == l && file == p->mainFile;
        char head[32];
        std::snprintf(head, sizeof head, "%s%c%4u  ", l == current ? "=>" : "  ",
                      isBreak ? '*' : ' ', l);
        m_out << head << sourceLine(file, l) << "\n";
        ++shown;
    }
    if (!shown)
        return error("line " + std::to_string(first) + " is past the end of the file", "list 1");
    m_listNext = first + shown;
}

void Console::cmdBacktrace(const Args&, const std::string&) {
    Snapshot snap = m_session.snapshot();
    if (snap.workItems.empty())
        return error("no work-item selected", "the kernel is not running: run");
    const WorkItemSnapshot& w = snap.workItems[snap.selected];
    if (w.callStack.empty()) {
        m_out << "work-item " << idText(w.id.global) << " has no call frames ("
              << workItemStateName(w.state) << ")\n";
        return;
    }
    for (size_t i = w.callStack.size(); i-- > 0;) {
        const StackFrame& f = w.callStack[i];
        m_out << "#" << (w.callStack.size() - 1 - i) << "  " << f.function << " at "
              << positionLine(f.position) << "\n";
    }
}

void Console::cmdInfo(const Args& args, const std::string& rest) {
    std::string what = args.empty() ? "" : args[0];
    Snapshot snap = m_session.snapshot();
    if (what.empty()) {
        m_out << "Kernel " << m_session.kernelName() << ", step " << snap.step << ", schedule "
              << schedulePolicyName(m_session.scheduler().policy()) << ", runtime errors "
              << (m_session.breakOnError() ? "stop" : "do not stop") << "\n";
        m_out << "Runtime checks: " << checksText(m_session.checkOptions()) << "\n";
        if (!snap.running) return void(m_out << "The kernel is not running\n");
        m_out << "Work-group " << idText(snap.group) << " (" << snap.groupsFinished << " of "
              << snap.numGroups[0] * snap.numGroups[1] * snap.numGroups[2] << " groups finished)"
              << (snap.runFinished ? ", kernel finished" : "") << "\n";
        if (!snap.workItems.empty()) {
            const WorkItemSnapshot& w = snap.workItems[snap.selected];
            m_out << "Work-item " << idText(w.id.global) << ", local " << idText(w.id.local) << ": "
                  << workItemStateName(w.state) << ", " << w.steps << " statements executed\n";
        }
        m_out << "Last stop: " << snap.stopReason << "\n";
        return;
    }
    if (what == "break" || what == "b" || what == "breakpoints" || what == "watch") {
        if (m_session.breakpoints().empty() && m_session.watchpoints().empty())
            return void(m_out << "No breakpoints or watchpoints\n");
        for (const Breakpoint& b : m_session.breakpoints()) {
            m_out << b.id << "  breakpoint at line " << b.line;
            if (!b.condition.empty()) m_out << " if " << b.condition;
            m_out << ", hit " << b.hits << " time" << (b.hits == 1 ? "" : "s") << "\n";
        }
        for (const Watchpoint& w : m_session.watchpoints()) {
            m_out << w.id << "  watchpoint (" << watchKindName(w.kind) << ") on "
                  << (w.expression.empty() ? std::string(addressSpaceName(w.space)) + " '" +
                                                 w.bufferName + "'+" + std::to_string(w.offset)
                                           : w.expression)
                  << ", " << w.size << " bytes, hit " << w.hits << " time"
                  << (w.hits == 1 ? "" : "s") << "\n";
        }
        return;
    }
    if (what == "locals" || what == "variables" || what == "args") {
        if (snap.variables.empty()) return void(m_out << "No variables in scope\n");
        for (const VariableSnapshot& v : snap.variables)
            m_out << v.name << " = " << v.value << " (" << v.type << ")\n";
        return;
    }
    if (what == "workitems" || what == "wi") {
        // runs of consecutive work-items in the same state at the same line
        size_t i = 0;
        while (i < snap.workItems.size()) {
            const WorkItemSnapshot& a = snap.workItems[i];
            size_t j = i + 1;
            while (j < snap.workItems.size() && snap.workItems[j].state == a.state &&
                   snap.workItems[j].position.begin.line == a.position.begin.line)
                ++j;
            m_out << (j - i == 1 ? "work-item " : "work-items ") << idText(a.id.global);
            if (j - i > 1) m_out << ".." << idText(snap.workItems[j - 1].id.global);
            m_out << ": " << workItemStateName(a.state);
            if (a.state != WorkItemState::Finished && a.position.valid())
                m_out << " at " << location(a.position);
            m_out << (i <= snap.selected && snap.selected < j ? "  <= selected" : "") << "\n";
            i = j;
        }
        return;
    }
    if (what == "lanes") return infoLanes(snap);
    if (what == "trace") {
        Args more(args.begin() + 1, args.end());
        return cmdTrace(more, rest);
    }
    error("unknown info topic '" + what + "'",
          "info, info break, info locals, info workitems, info lanes, info trace");
}

void Console::infoLanes(const Snapshot& snap) {
    if (snap.workItems.empty()) return error("no work-group is running", "start or reset first");
    const uint32_t size = std::max<uint32_t>(1, snap.subGroupSize);
    m_out << "sub-group size " << size << ", schedule "
          << schedulePolicyName(m_session.scheduler().policy()) << "\n";
    const size_t groups = (snap.workItems.size() + size - 1) / size;
    for (size_t sg = 0; sg < groups; ++sg) {
        const size_t first = sg * size;
        const size_t last = std::min(snap.workItems.size(), first + size);
        // one character per lane: A active, . masked, B at a barrier, F finished
        std::string lanes;
        size_t active = 0, masked = 0;
        for (size_t i = first; i < last; ++i) {
            switch (snap.workItems[i].lane) {
            case Scheduler::LaneState::Active:
                lanes += 'A';
                ++active;
                break;
            case Scheduler::LaneState::Masked:
                lanes += '.';
                ++masked;
                break;
            case Scheduler::LaneState::AtBarrier:
                lanes += 'B';
                break;
            case Scheduler::LaneState::Finished:
                lanes += 'F';
                break;
            }
        }
        m_out << "sub-group " << sg << " (work-items " << first << ".." << last - 1
              << "): " << lanes << "  " << active << " active, " << masked << " masked";
        if (active) {
            for (size_t i = first; i < last; ++i)
                if (snap.workItems[i].lane == Scheduler::LaneState::Active) {
                    m_out << ", at " << location(snap.workItems[i].position);
                    break;
                }
        }
        if (sg < snap.subGroupSplits.size() && snap.subGroupSplits[sg].valid())
            m_out << ", split at " << location(snap.subGroupSplits[sg]);
        m_out << "\n";
    }
}

void Console::cmdTrace(const Args& args, const std::string&) {
    uint64_t page = 0, size = 20;
    if (!args.empty() && !parseNumber(args[0], page))
        return error("'" + args[0] + "' is not a page number", "trace 0 20");
    if (args.size() > 1 && (!parseNumber(args[1], size) || size == 0))
        return error("'" + args[1] + "' is not a page size", "trace 0 20");
    Snapshot snap = m_session.snapshot();
    TracePage p = tracePage(snap, page, size);
    if (p.total == 0) return void(m_out << "The trace is empty\n");
    m_out << "Trace: " << p.total << " entries recorded, " << p.retained << " kept; page " << page
          << " of " << p.pages << " (newest first)\n";
    auto nameOf = [&](uint64_t a) {
        for (const MemoryRegion& r : snap.memory[address::space(a)])
            if (address::buffer(r.address) == address::buffer(a)) return r.name;
        std::string index = "#";
        index += std::to_string(address::buffer(a));
        return index;
    };
    for (const TraceEntry& e : p.entries) {
        m_out << "#" << e.sequence << " step " << e.step << " ";
        if (e.kind == TraceEntry::Kind::Diagnostic) {
            m_out << e.message;
            if (e.workItem >= 0) m_out << " by " << idText(e.globalId);
        } else {
            m_out << (e.kind == TraceEntry::Kind::Write ? "write " : "read ")
                  << (e.atomic ? "(atomic) " : "") << addressSpaceName(address::space(e.address))
                  << " '" << nameOf(e.address) << "'+" << address::offset(e.address) << " ("
                  << e.size << " bytes) = " << hexValue(e.value, e.size) << " by "
                  << idText(e.globalId);
        }
        if (e.site.valid()) m_out << " at " << location(e.site);
        m_out << "\n";
    }
}

} // namespace clstep::cli
