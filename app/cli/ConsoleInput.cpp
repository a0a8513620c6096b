#include "ConsoleInput.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

#ifdef CLSTEP_HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

namespace clstep::cli {

ConsoleInput::ConsoleInput(std::istream& in) : m_in(in) {
#ifdef CLSTEP_HAVE_READLINE
    m_interactive = &in == &std::cin && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
#endif
}

std::optional<std::string> ConsoleInput::read(const std::string& prompt) {
#ifdef CLSTEP_HAVE_READLINE
    if (m_interactive) {
        std::cout.flush();
        char* line = readline(prompt.c_str());
        if (!line) return std::nullopt;
        std::string s(line);
        std::free(line);
        return s;
    }
#else
    (void)prompt;
#endif
    std::string s;
    if (!std::getline(m_in, s)) return std::nullopt;
    if (!s.empty() && s.back() == '\r') s.pop_back();
    return s;
}

void ConsoleInput::addHistory(const std::string& line) {
#ifdef CLSTEP_HAVE_READLINE
    if (m_interactive && !line.empty() && line != m_last) add_history(line.c_str());
#endif
    m_last = line;
}

} // namespace clstep::cli
