#include "frontend/PreprocessorInput.h"

#include <algorithm>

namespace clstep::detail {

namespace {

/// Control characters other than tab, newline, vertical tab, form feed and carriage return:
/// Wave's lexer rejects them, so they are blanked (and reported) up front.
bool isBadControl(char c) {
    unsigned char u = static_cast<unsigned char>(c);
    return (u < 0x20 && u != '\t' && u != '\n' && u != '\v' && u != '\f' && u != '\r') || u == 0x7f;
}

/// Blanks as the lexer sees them (control characters are blanked before it does).
bool isHorizontalSpace(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v' || isBadControl(c);
}

bool isIdentChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// Scans one source file, tracking comments and literals so that `/*`, `#` and parentheses
/// are only recognised where the lexer will see them.
class InputScanner {
public:
    explicit InputScanner(std::string_view src) : m_src(src) { m_out.text.assign(src); }

    LexerInput run() {
        if (m_src.substr(0, 3) == "\xEF\xBB\xBF") {
            m_out.text.replace(0, 3, "   ");
            advance(3);
        }
        while (m_pos < m_src.size())
            step();
        if (m_controlCount > 0) {
            static const char* hex = "0123456789ABCDEF";
            std::string msg = m_firstControl == 0
                                  ? std::string("null character")
                                  : std::string("invalid control character 0x") +
                                        hex[m_firstControl >> 4] + hex[m_firstControl & 15];
            msg += " in source file (ignored)";
            if (m_controlCount > 1)
                msg += " (" + std::to_string(m_controlCount) + " control characters in total)";
            m_out.problems.insert(
                m_out.problems.begin(),
                InputProblem{m_controlLine, m_controlColumn, Severity::Error, msg});
        }
        if (m_inBlockComment) {
            m_out.problems.push_back(InputProblem{m_commentLine, m_commentColumn, Severity::Error,
                                                  "unterminated comment"});
            if (!m_out.text.empty() && m_out.text.back() == '/') m_out.text += ' ';
            m_out.text += "*/";
        }
        if (m_out.text.empty() || m_out.text.back() != '\n') m_out.text += '\n';
        m_out.unclosedConditionals = std::move(m_open);
        return std::move(m_out);
    }

private:
    char at(size_t i) const { return i < m_src.size() ? m_src[i] : '\0'; }

    /// Moves over `n` bytes, keeping line and column up to date and blanking NUL bytes.
    void advance(size_t n) {
        for (size_t k = 0; k < n && m_pos < m_src.size(); ++k, ++m_pos) {
            char c = m_src[m_pos];
            if (isBadControl(c)) {
                if (m_controlCount++ == 0) {
                    m_controlLine = m_line;
                    m_controlColumn = m_column;
                    m_firstControl = static_cast<unsigned char>(c);
                }
                m_out.text[m_pos] = ' ';
            }
            if (c == '\n') {
                ++m_line;
                m_column = 1;
                m_lineStart = true;
            } else {
                ++m_column;
            }
        }
    }

    /// True if a backslash-newline (or backslash-CR-LF) starts at `i`; sets its length.
    bool lineSplice(size_t i, size_t& len) const {
        if (at(i) != '\\') return false;
        if (at(i + 1) == '\n') {
            len = 2;
            return true;
        }
        if (at(i + 1) == '\r' && at(i + 2) == '\n') {
            len = 3;
            return true;
        }
        return false;
    }

    void step() {
        char c = m_src[m_pos];
        if (m_inBlockComment) {
            if (c == '*' && at(m_pos + 1) == '/') {
                m_inBlockComment = false;
                advance(2);
            } else {
                advance(1);
            }
            return;
        }
        size_t splice = 0;
        if (lineSplice(m_pos, splice)) {
            advance(splice);
            return;
        }
        if (c == '/' && at(m_pos + 1) == '*') {
            m_inBlockComment = true;
            m_commentLine = m_line;
            m_commentColumn = m_column;
            advance(2);
            return;
        }
        if (c == '/' && at(m_pos + 1) == '/') {
            skipLineComment();
            return;
        }
        if (c == '"' || c == '\'') {
            skipLiteral(c);
            return;
        }
        if (c == '#' && m_lineStart) {
            directive();
            return;
        }
        if (c != '\n' && c != '\r' && !isHorizontalSpace(c)) m_lineStart = false;
        advance(1);
    }

    void skipLineComment() {
        size_t splice = 0;
        while (m_pos < m_src.size() && m_src[m_pos] != '\n') {
            if (lineSplice(m_pos, splice))
                advance(splice);
            else
                advance(1);
        }
    }

    /// A string or character literal; an unescaped newline ends it (the lexer then reports it).
    void skipLiteral(char quote) {
        m_lineStart = false;
        advance(1);
        size_t splice = 0;
        while (m_pos < m_src.size()) {
            char c = m_src[m_pos];
            if (c == '\n') return;
            if (lineSplice(m_pos, splice)) {
                advance(splice);
            } else if (c == '\\') {
                advance(at(m_pos + 1) == '\n' ? 1 : 2);
            } else {
                advance(1);
                if (c == quote) return;
            }
        }
    }

    /// At a `#` that starts a line: checks the parenthesis depth of `#if`/`#elif` expressions.
    void directive() {
        size_t hash = m_pos;
        uint32_t line = m_line, column = m_column;
        size_t i = hash + 1;
        while (i < m_src.size() && isHorizontalSpace(m_src[i]))
            ++i;
        size_t nameBegin = i;
        while (i < m_src.size() && isIdentChar(m_src[i]))
            ++i;
        std::string_view name = m_src.substr(nameBegin, i - nameBegin);
        m_lineStart = false;
        if (!name.empty() && name[0] >= '0' && name[0] <= '9') m_out.lineMarkers.push_back(line);
        if (name == "if" || name == "ifdef" || name == "ifndef") {
            ConditionalDirective c{line, column, "#"};
            c.name += name;
            m_open.push_back(std::move(c));
        } else if (name == "endif" && !m_open.empty())
            m_open.pop_back();
        if (name != "if" && name != "elif") {
            advance(1);
            return;
        }
        // Find the end of the logical line and its deepest nesting.
        size_t exprBegin = i, end = i, splice = 0;
        int depth = 0, maxDepth = 0;
        while (end < m_src.size() && m_src[end] != '\n') {
            if (lineSplice(end, splice)) {
                end += splice;
                continue;
            }
            if (m_src[end] == '(') maxDepth = std::max(maxDepth, ++depth);
            if (m_src[end] == ')') --depth;
            ++end;
        }
        if (maxDepth <= kMaxConditionalParenDepth) {
            advance(1);
            return;
        }
        // Blank the expression (keeping line splices, so lines stay where they are) and put
        // a 0 in its place.
        for (size_t k = exprBegin; k < end; ++k) {
            if (lineSplice(k, splice)) {
                k += splice - 1;
                continue;
            }
            if (m_src[k] != '\r') m_out.text[k] = ' ';
        }
        if (end - exprBegin >= 2) m_out.text[exprBegin + 1] = '0';
        std::string msg = "#";
        msg += name;
        msg += " expression is nested too deeply (more than " +
               std::to_string(kMaxConditionalParenDepth) + " parentheses)";
        m_out.problems.push_back(InputProblem{line, column, Severity::Error, std::move(msg)});
        advance(end - hash);
    }

    std::string_view m_src;
    LexerInput m_out;
    std::vector<ConditionalDirective> m_open;
    size_t m_pos = 0;
    uint32_t m_line = 1;
    uint32_t m_column = 1;
    bool m_lineStart = true;
    bool m_inBlockComment = false;
    uint32_t m_commentLine = 0;
    uint32_t m_commentColumn = 0;
    size_t m_controlCount = 0;
    uint32_t m_controlLine = 0;
    uint32_t m_controlColumn = 0;
    unsigned char m_firstControl = 0;
};

} // namespace

LexerInput prepareLexerInput(std::string_view source) {
    return InputScanner(source).run();
}

} // namespace clstep::detail
