// Console: breakpoints and watchpoints typed at the console.
#include "Console.h"

#include "core/Address.h"

#include <iostream>

namespace clstep::cli {

using namespace clstep::debug;

namespace {

bool parseWatchKind(const std::string& s, WatchKind& k) {
    if (s == "r" || s == "read")
        k = WatchKind::Read;
    else if (s == "w" || s == "write")
        k = WatchKind::Write;
    else if (s == "c" || s == "change")
        k = WatchKind::Change;
    else if (s == "a" || s == "access" || s == "rw")
        k = WatchKind::Access;
    else
        return false;
    return true;
}

} // namespace

void Console::cmdBreak(const Args& args, const std::string& rest) {
    uint32_t line = 0;
    std::string condition;
    std::string text = rest;
    if (!args.empty() && args[0] != "if") {
        uint64_t v;
        std::string spec = args[0];
        size_t colon = spec.find_last_of(':');
        if (colon != std::string::npos) spec = spec.substr(colon + 1); // file.cl:21
        if (!parseNumber(spec, v) || v == 0 || v > 10000000)
            return error("'" + args[0] + "' is not a line number",
                         "break 21, or break 21 if lid == 3");
        line = static_cast<uint32_t>(v);
        text = text.substr(args[0].size());
    } else {
        Snapshot snap = m_session.snapshot();
        if (snap.workItems.empty() || !snap.workItems[snap.selected].position.valid())
            return error("no current line", "give a line: break 21");
        line = snap.workItems[snap.selected].position.begin.line;
    }
    size_t ifPos = text.find_first_not_of(" \t");
    if (ifPos != std::string::npos) {
        if (text.compare(ifPos, 2, "if") != 0 ||
            (text.size() > ifPos + 2 && !std::isspace(static_cast<unsigned char>(text[ifPos + 2]))))
            return error("unexpected '" + text.substr(ifPos) + "'", "break LINE if CONDITION");
        condition = text.substr(ifPos + 2);
        if (condition.find_first_not_of(" \t") == std::string::npos)
            return error("'if' needs a condition", "break 21 if get_local_id(0) == 3");
        condition = condition.substr(condition.find_first_not_of(" \t"));
    }
    int id = condition.empty() ? m_session.addBreakpoint(line)
                               : m_session.addBreakpoint(line, condition);
    if (!id) {
        return sessionError();
    }
    const Program* p = m_session.program();
    m_out << "Breakpoint " << id << " at "
          << (p ? location(SourceRange{{p->mainFile, line, 1}, {p->mainFile, line, 1}})
                : "line " + std::to_string(line));
    if (!condition.empty()) m_out << " if " << condition;
    m_out << "\n";
}

void Console::cmdDelete(const Args& args, const std::string&) {
    if (args.empty()) {
        std::vector<int> ids;
        for (const Breakpoint& b : m_session.breakpoints())
            ids.push_back(b.id);
        for (const Watchpoint& w : m_session.watchpoints())
            ids.push_back(w.id);
        for (int id : ids)
            m_session.removeBreakpoint(id) || m_session.removeWatchpoint(id);
        m_out << "Deleted " << ids.size() << " breakpoint(s) and watchpoint(s)\n";
        return;
    }
    for (const std::string& a : args) {
        uint64_t id;
        if (!parseNumber(a, id))
            return error("'" + a + "' is not a breakpoint number", "info break lists them");
        if (m_session.removeBreakpoint(static_cast<int>(id)))
            m_out << "Deleted breakpoint " << id << "\n";
        else if (m_session.removeWatchpoint(static_cast<int>(id)))
            m_out << "Deleted watchpoint " << id << "\n";
        else
            error("no breakpoint or watchpoint " + a, "info break lists them");
    }
}

void Console::cmdWatch(const Args& args, const std::string& rest) {
    if (args.empty())
        return error("watch what?",
                     "watch partial[3], watch group_sums[0] c, or watch local partial:12 4 w");
    WatchKind kind = WatchKind::Write;
    AddressSpace space;
    int id = 0;
    if (parseSpaceName(args[0], space) && args.size() >= 3) {
        // watch SPACE [BUFFER:]OFFSET SIZE [r|w|c|a]
        std::string buffer, offsetText = args[1];
        size_t colon = offsetText.find(':');
        if (colon != std::string::npos) {
            buffer = offsetText.substr(0, colon);
            offsetText = offsetText.substr(colon + 1);
        }
        uint64_t offset, size;
        if (!parseNumber(offsetText, offset))
            return error("'" + args[1] + "' is not an offset", "watch local partial:12 4");
        if (!parseNumber(args[2], size) || size == 0)
            return error("'" + args[2] + "' is not a size in bytes", "watch local partial:12 4");
        if (args.size() > 3 && !parseWatchKind(args[3], kind))
            return error("unknown access kind '" + args[3] + "'",
                         "r (read), w (write), c (change) or a (any access)");
        if (buffer.empty() && offset >= (uint64_t(1) << address::kBufferShift)) {
            // an encoded address, as gmem/lmem/pmem and pointer values print it
            if (address::space(offset) != space)
                return error("address " + offsetText + " is not in " + addressSpaceName(space) +
                                 " memory",
                             "use the address space the address belongs to");
            buffer = "#" + std::to_string(address::buffer(offset));
            offset = address::offset(offset);
        }
        id = m_session.addWatchpoint(space, buffer, offset, size, kind);
    } else {
        std::string expression = rest;
        size_t space = expression.find_last_of(" \t");
        if (space != std::string::npos && parseWatchKind(expression.substr(space + 1), kind))
            expression = expression.substr(0, space);
        id = m_session.addWatchpoint(expression, kind);
    }
    if (!id) {
        return sessionError();
    }
    const Watchpoint& w = m_session.watchpoints().back();
    m_out << "Watchpoint " << id << ": " << watchKindName(w.kind) << " of "
          << (w.expression.empty() ? std::string(addressSpaceName(w.space)) + " '" + w.bufferName +
                                         "'+" + std::to_string(w.offset)
                                   : w.expression)
          << " (" << w.size << " bytes)\n";
}

} // namespace clstep::cli
