#include "repl/Repl.h"

#include "repl/EntryEvaluator.h"
#include "repl/ReplCommands.h"

#include <exception>

namespace clstep::repl {

std::string Repl::help() {
    return ReplCommands::help();
}

ReplResult Repl::submit(const std::string& entry) {
    try {
        const size_t first = entry.find_first_not_of(" \t\r\n");
        if (first == std::string::npos) return ReplResult{};
        ++m_session.entries;
        if (entry[first] == ':') return ReplCommands(m_session).execute(entry.substr(first));
        const uint32_t origin = m_session.addEntry(entry);
        return EntryEvaluator(m_session.state, m_session.sources, origin).evaluate(entry);
    } catch (const std::exception& e) {
        ReplResult r;
        r.ok = false;
        r.text = std::string("internal error: ") + e.what() + " (the session is unchanged)\n";
        return r;
    }
}

} // namespace clstep::repl
