#include "ReplLineReader.h"

#include <dlfcn.h>
#ifdef CLSTEP_HAVE_READLINE
#include <cstdio>
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include <cstdlib>
#include <iostream>

namespace clstep::cli {

ReplLineReader::ReplLineReader(bool interactive) : m_interactive(interactive) {
    if (!interactive) return;
    int (*readHistory)(const char*) = nullptr;
#ifdef CLSTEP_HAVE_READLINE
    // Linked in (app/CMakeLists.txt found libreadline).
    m_readline = &::readline;
    m_addHistory = &::add_history;
    m_writeHistory = &::write_history;
    readHistory = &::read_history;
#else
    for (const char* name : {"libreadline.so.8", "libreadline.so"}) {
        m_library = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
        if (m_library) break;
    }
    if (!m_library) return;
    m_readline = reinterpret_cast<char* (*)(const char*)>(dlsym(m_library, "readline"));
    m_addHistory = reinterpret_cast<void (*)(const char*)>(dlsym(m_library, "add_history"));
    m_writeHistory = reinterpret_cast<int (*)(const char*)>(dlsym(m_library, "write_history"));
    readHistory = reinterpret_cast<int (*)(const char*)>(dlsym(m_library, "read_history"));
#endif
    if (!m_readline) return;
    if (const char* home = std::getenv("HOME"))
        m_historyFile = std::string(home) + "/.clstep_history";
    if (readHistory && !m_historyFile.empty()) readHistory(m_historyFile.c_str());
}

ReplLineReader::~ReplLineReader() {
    if (m_readline && m_writeHistory && !m_historyFile.empty())
        m_writeHistory(m_historyFile.c_str());
    // The library stays loaded: readline may have registered handlers that outlive us.
}

std::optional<std::string> ReplLineReader::read(const std::string& prompt) {
    if (m_readline) {
        char* line = m_readline(prompt.c_str());
        if (!line) return std::nullopt;
        std::string s(line);
        std::free(line);
        return s;
    }
    if (m_interactive) std::cout << prompt << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

void ReplLineReader::addHistory(const std::string& entry) {
    if (m_addHistory && !entry.empty()) m_addHistory(entry.c_str());
}

} // namespace clstep::cli
