#include "launch/SimReader.h"

namespace clstep::launch {

namespace {
bool isSpace(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}
} // namespace

size_t SimReader::skipSpace(const std::string& text, size_t from) {
    while (from < text.size() && isSpace(text[from]))
        ++from;
    return from;
}

size_t SimReader::tokenEnd(const std::string& text, size_t from) {
    while (from < text.size() && !isSpace(text[from]))
        ++from;
    return from;
}

std::string SimReader::takeRestOfLine() {
    if (m_line >= m_lines.size()) return {};
    const std::string& text = m_lines[m_line].text;
    std::string rest = m_offset < text.size() ? text.substr(m_offset) : std::string();
    m_offset = text.size();
    return rest;
}

bool SimReader::atEnd() const {
    std::string token;
    SourceRange where;
    return !peekToken(token, where);
}

bool SimReader::peekToken(std::string& token, SourceRange& where) const {
    size_t offset = m_offset;
    for (size_t line = m_line; line < m_lines.size(); ++line, offset = 0) {
        const std::string& text = m_lines[line].text;
        size_t start = skipSpace(text, offset);
        if (start < text.size()) {
            size_t end = tokenEnd(text, start);
            token = text.substr(start, end - start);
            where = {location(line, start), location(line, end)};
            return true;
        }
    }
    return false;
}

SourceLocation SimReader::location(size_t index, size_t offset) const {
    if (m_lines.empty()) return {};
    if (index >= m_lines.size()) {
        const SpecLine& last = m_lines.back();
        return {m_fileId, last.line, static_cast<uint32_t>(last.column + last.text.size())};
    }
    const SpecLine& l = m_lines[index];
    return {m_fileId, l.line, static_cast<uint32_t>(l.column + offset)};
}

SourceLocation SimReader::position() const {
    return location(m_line, m_offset);
}

} // namespace clstep::launch
