#include "repl/SyntheticSource.h"

#include <algorithm>

namespace clstep::repl {

namespace {
uint32_t countLines(const std::string& s) {
    return static_cast<uint32_t>(std::count(s.begin(), s.end(), '\n'));
}
} // namespace

void SyntheticSource::addGenerated(const std::string& code) {
    std::string c = code;
    if (c.empty() || c.back() != '\n') c += '\n';
    m_text += c;
    m_line += countLines(c);
}

void SyntheticSource::addEntry(const std::string& text, uint32_t origin) {
    std::string c = text;
    if (c.empty() || c.back() != '\n') c += '\n';
    uint32_t lines = countLines(c);
    const size_t lastStart = c.rfind('\n', c.size() - 2);
    const size_t lastLength = c.size() - 1 - (lastStart == std::string::npos ? 0 : lastStart + 1);
    m_spans.push_back({m_line, lines, origin, static_cast<uint32_t>(lastLength)});
    m_text += c;
    m_line += lines;
}

SourceLocation SyntheticSource::map(const SourceLocation& loc) const {
    if (!loc.valid()) return loc;
    for (const Span& s : m_spans)
        if (loc.line >= s.firstLine && loc.line < s.firstLine + s.lineCount)
            return SourceLocation{s.origin, loc.line - s.firstLine + 1, loc.column};
    // Code generated right after an entry (the `)` closing an expression, the end of a
    // range): the end of the entry.
    for (const Span& s : m_spans)
        if (loc.line == s.firstLine + s.lineCount && loc.column == 1)
            return SourceLocation{s.origin, s.lineCount, s.lastLineLength + 1};
    return SourceLocation{0, loc.line, loc.column};
}

SourceRange SyntheticSource::map(const SourceRange& range) const {
    SourceRange r{map(range.begin), map(range.end)};
    if (r.end.file != r.begin.file) r.end = r.begin;
    return r;
}

Diagnostic SyntheticSource::map(const Diagnostic& d) const {
    Diagnostic m = d;
    m.range = map(d.range);
    // "expected expression before ')'" where the ')' is generated after the entry.
    const bool atEnd = d.range.begin.valid() && m.range.begin.file != 0 &&
                       d.range.begin.column == 1 && !inEntry(d.range.begin, m.range.begin.file);
    if (atEnd) {
        for (const char* token : {"before ')'", "before ';'"}) {
            size_t at = m.message.find(token);
            if (at != std::string::npos)
                m.message.replace(at, std::string(token).size(), "at the end of the entry");
        }
    }
    for (RelatedLocation& n : m.notes)
        n.range = map(n.range);
    // Notes about the generated kernel around the entry (e.g. the '(' a generated ')' would
    // match) mean nothing to the user.
    std::erase_if(m.notes, [](const RelatedLocation& n) {
        return n.range.begin.valid() && n.range.begin.file == 0;
    });
    return m;
}

bool SyntheticSource::inEntry(const SourceLocation& loc, uint32_t origin) const {
    if (!loc.valid()) return false;
    for (const Span& s : m_spans)
        if (s.origin == origin && loc.line >= s.firstLine && loc.line < s.firstLine + s.lineCount)
            return true;
    return false;
}

} // namespace clstep::repl
