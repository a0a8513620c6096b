#include "repl/EntryAccumulator.h"

namespace clstep::repl {

bool EntryAccumulator::isComplete(const std::string& text) {
    int depth = 0;
    bool blockComment = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        if (blockComment) {
            if (c == '*' && next == '/') {
                blockComment = false;
                ++i;
            }
            continue;
        }
        if (c == '/' && next == '*') {
            blockComment = true;
            ++i;
        } else if (c == '/' && next == '/') {
            while (i < text.size() && text[i] != '\n')
                ++i;
        } else if (c == '"' || c == '\'') {
            for (++i; i < text.size() && text[i] != c && text[i] != '\n'; ++i)
                if (text[i] == '\\') ++i;
        } else if (c == '(' || c == '{' || c == '[') {
            ++depth;
        } else if (c == ')' || c == '}' || c == ']') {
            --depth;
        }
    }
    if (blockComment || depth > 0) return false;
    size_t end = text.find_last_not_of(" \t\r\n");
    return end == std::string::npos || text[end] != '\\';
}

bool EntryAccumulator::addLine(const std::string& line) {
    if (m_text.empty()) {
        size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line[first] == ':') {
            m_text = line;
            return true;
        }
    }
    m_text += line;
    m_text += '\n';
    if (isComplete(m_text)) return true;
    return false;
}

std::string EntryAccumulator::take() {
    std::string t = std::move(m_text);
    m_text.clear();
    while (!t.empty() && t.back() == '\n')
        t.pop_back();
    return t;
}

} // namespace clstep::repl
