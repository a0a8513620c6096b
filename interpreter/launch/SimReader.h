#pragma once

#include "common/SourceRange.h"
#include "launch/LaunchConfig.h"

#include <cctype>
#include <cstddef>
#include <ios>
#include <sstream>
#include <string>
#include <vector>

namespace clstep::launch {

/// Reads values from .sim text the way oclgrind-kernel's `Simulation::get` does: one line at
/// a time (comments already removed), each value with the C++ stream extraction `>>` for its
/// type, so "1.5.5" is two floats and "12ab" an int followed by a failure. Blank lines are
/// skipped. Tracks the source position of everything it reads. Internal to launch/.
class SimReader {
public:
    /// Result of one read.
    enum class Status { Ok, Fail, Eof };

    /// Reads `lines` (not owned: they must outlive the reader) of file `fileId`.
    SimReader(const std::vector<SpecLine>& lines, uint32_t fileId)
        : m_lines(lines), m_fileId(fileId) {}

    /// Integers are read in hexadecimal (with optional 0x) when set, else in decimal.
    /// Floating-point values are always decimal, as in oclgrind-kernel.
    void setHex(bool hex) { m_hex = hex; }
    bool hex() const { return m_hex; }

    /// Reads the next value of type T (an arithmetic type, char or std::string). `where` gets
    /// the range of what was read, or of the offending token on Fail. Eof: no token left.
    template <typename T>
    Status get(T& out, SourceRange* where = nullptr) {
        while (m_line < m_lines.size()) {
            const std::string& text = m_lines[m_line].text;
            size_t start = skipSpace(text, m_offset);
            if (start < text.size()) {
                std::istringstream in(text.substr(start));
                in.setf(m_hex ? std::ios_base::hex : std::ios_base::dec, std::ios_base::basefield);
                in >> out;
                size_t used = in.fail()  ? tokenEnd(text, start) - start
                              : in.eof() ? text.size() - start
                                         : static_cast<size_t>(in.tellg());
                if (where) *where = {location(m_line, start), location(m_line, start + used)};
                m_lastText = text.substr(start, used);
                if (in.fail()) return Status::Fail;
                m_offset = start + used;
                return Status::Ok;
            }
            ++m_line;
            m_offset = 0;
        }
        return Status::Eof;
    }

    /// The text of the last value read (or of the offending token after a Fail).
    const std::string& lastText() const { return m_lastText; }

    /// Takes the rest of the current line (from the current position) and moves to its end.
    std::string takeRestOfLine();

    /// Moves to byte `offset` of the current line.
    void seekInLine(size_t offset) { m_offset = offset; }

    /// True if no token is left in any remaining line.
    bool atEnd() const;

    /// The source location just after the last thing read.
    SourceLocation position() const;

    /// Index of the current line in `lines` and byte offset in its text.
    size_t lineIndex() const { return m_line; }
    size_t offset() const { return m_offset; }

    /// The location of byte `offset` of line `index`.
    SourceLocation location(size_t index, size_t offset) const;

    /// The next whitespace-delimited token and its range, without consuming it; false if none.
    bool peekToken(std::string& token, SourceRange& where) const;

    /// First non-whitespace byte at or after `from` (or text.size()).
    static size_t skipSpace(const std::string& text, size_t from);
    /// One past the last byte of the whitespace-delimited token starting at `from`.
    static size_t tokenEnd(const std::string& text, size_t from);

private:
    const std::vector<SpecLine>& m_lines;
    uint32_t m_fileId = 0;
    size_t m_line = 0;
    size_t m_offset = 0;
    bool m_hex = false;
    std::string m_lastText;
};

} // namespace clstep::launch
