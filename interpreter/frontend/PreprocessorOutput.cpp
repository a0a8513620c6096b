#include "frontend/PreprocessorOutput.h"

namespace clstep::detail {

namespace {

/// Longest run of blanks inserted to keep a token at its original column.
constexpr uint32_t kMaxPadding = 256;

bool isIdentChar(char c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool isIdentifier(const std::string& s) {
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
    for (char c : s)
        if (!isIdentChar(c)) return false;
    return true;
}

/// The contents of a string literal token, without quotes and with `\"` and `\\` unescaped.
std::string stringContents(std::string_view literal) {
    std::string s;
    if (literal.size() < 2) return s;
    literal = literal.substr(1, literal.size() - 2);
    for (size_t i = 0; i < literal.size(); ++i) {
        if (literal[i] == '\\' && i + 1 < literal.size() &&
            (literal[i + 1] == '"' || literal[i + 1] == '\\'))
            ++i;
        s += literal[i];
    }
    return s;
}

} // namespace

// ---- OutputBuilder -------------------------------------------------------------------------

OutputBuilder::OutputBuilder(PreprocessedSource& out, uint32_t mainFile, size_t sizeHint)
    : m_out(out), m_curFile(mainFile) {
    m_out.text.reserve(sizeHint + sizeHint / 4);
}

void OutputBuilder::token(std::string_view text, SourceLocation loc, bool fromSource) {
    if (!m_pendingSpace) {
        // Wave put no whitespace here (e.g. after a pasted token): adding any could change how
        // the text is tokenised again, so only the mapping records the jump.
        if (loc.valid() && loc.file != m_curFile) {
            m_curFile = loc.file;
            m_curLine = loc.line;
        }
    } else if (!loc.valid()) {
        if (m_column > 1) put(' ');
    } else if (loc.file == m_curFile && loc.line > m_curLine) {
        while (m_curLine < loc.line) { // keep line numbers in step with the file
            put('\n');
            ++m_curLine;
        }
        pad(loc.column);
    } else if (loc.file == m_curFile && loc.line == m_curLine) {
        // Tokens that touch in the file stay touching (Wave may have inserted a blank).
        bool touching = fromSource && m_prevFromSource && loc == m_prevEnd;
        if (!touching) pad(loc.column);
    } else if (loc.file == m_curFile) { // an earlier line: a macro use spanning lines
        put(' ');
    } else { // another file
        if (m_column > 1) put('\n');
        m_curFile = loc.file;
        m_curLine = loc.line;
        pad(loc.column);
    }
    m_pendingSpace = false;
    if (loc.valid() && expectedHere() != loc) {
        m_out.addMapping(m_line, m_column, loc);
        m_segLine = m_line;
        m_segColumn = m_column;
        m_segOrigin = loc;
    }
    for (char c : text) {
        put(c);
        if (c == '\n' && fromSource && loc.valid()) ++m_curLine; // a token spanning lines
    }
    m_prevFromSource = fromSource;
    m_prevEnd = SourceLocation{loc.file, loc.line, loc.column + static_cast<uint32_t>(text.size())};
}

void OutputBuilder::finish() {
    if (!m_out.text.empty() && m_out.text.back() != '\n') put('\n');
}

void OutputBuilder::put(char c) {
    m_out.text.push_back(c);
    if (c == '\n') {
        ++m_line;
        m_column = 1;
    } else {
        ++m_column;
    }
}

/// Blanks up to `column` if that is not too far, else one blank (none at a line start).
void OutputBuilder::pad(uint32_t column) {
    if (column > m_column && column - m_column <= kMaxPadding) {
        m_out.text.append(column - m_column, ' ');
        m_column = column;
    } else if (m_column > 1) {
        put(' ');
    }
}

/// The original location the last mapping run gives the current output position (the same
/// rule as PreprocessedSource::originalLocation).
SourceLocation OutputBuilder::expectedHere() const {
    if (!m_segOrigin.valid()) return {};
    SourceLocation loc = m_segOrigin;
    if (m_line == m_segLine) {
        loc.column += m_column - m_segColumn;
    } else {
        loc.line += m_line - m_segLine;
        loc.column = m_column;
    }
    return loc;
}

// ---- PragmaCollector -----------------------------------------------------------------------

void PragmaCollector::beginDirective(SourceLocation at) {
    m_mode = Mode::Directive;
    m_at = at;
    m_words.clear();
}

void PragmaCollector::beginOperator(SourceLocation at) {
    m_mode = Mode::Operator;
    m_operatorStep = 0;
    m_at = at;
    m_words.clear();
}

PragmaCollector::Result PragmaCollector::feed(PragmaTokenKind kind, std::string_view value) {
    if (m_mode == Mode::Directive) {
        if (kind == PragmaTokenKind::Newline) return finish();
        if (kind != PragmaTokenKind::Whitespace) m_words.emplace_back(value);
        return {};
    }
    if (kind == PragmaTokenKind::Whitespace || kind == PragmaTokenKind::Newline) return {};
    if (m_operatorStep == 0 && kind == PragmaTokenKind::LeftParen) {
        m_operatorStep = 1;
        return {};
    }
    if (m_operatorStep == 1 && kind == PragmaTokenKind::String) {
        addWords(stringContents(value));
        m_operatorStep = 2;
        return {};
    }
    if (m_operatorStep == 2 && kind == PragmaTokenKind::RightParen) return finish();
    m_mode = Mode::None;
    Result r;
    r.done = true;
    r.problem = "malformed _Pragma operator (expected _Pragma(\"...\"))";
    r.severity = Severity::Error;
    r.at = m_at;
    return r;
}

/// Splits the text of a `_Pragma` string into words the way the lexer would, roughly.
void PragmaCollector::addWords(std::string_view text) {
    size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        if (c == ' ' || c == '\t') {
            ++i;
        } else if (isIdentChar(c)) {
            size_t b = i;
            while (i < text.size() && isIdentChar(text[i]))
                ++i;
            m_words.emplace_back(text.substr(b, i - b));
        } else {
            m_words.emplace_back(1, c);
            ++i;
        }
    }
}

PragmaCollector::Result PragmaCollector::finish() {
    m_mode = Mode::None;
    Result r;
    r.done = true;
    r.at = m_at;
    const std::vector<std::string>& w = m_words;
    if (w.size() < 2 || w[0] != "OPENCL" || w[1] != "EXTENSION") return r; // other pragmas
    if (w.size() == 5 && w[3] == ":" && (w[4] == "enable" || w[4] == "disable") &&
        isIdentifier(w[2])) {
        r.extension = w[2] + " : " + w[4];
    } else {
        r.problem = "malformed #pragma OPENCL EXTENSION (expected 'name : enable' or "
                    "'name : disable')";
        r.severity = Severity::Warning;
    }
    return r;
}

} // namespace clstep::detail
