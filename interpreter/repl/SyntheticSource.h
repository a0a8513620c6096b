#pragma once

#include "common/Diagnostic.h"
#include "common/SourceRange.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::repl {

/// The text of one synthetic program the scratchpad compiles: generated code (the entry
/// kernel, restores and stores of kept variables) interleaved with the verbatim text of
/// entries. Each entry starts on a line of its own at column 1, so a location inside it maps
/// back to the entry by subtracting its first line; columns are unchanged.
class SyntheticSource {
public:
    /// Appends generated code; a final newline is added when missing.
    void addGenerated(const std::string& code);
    /// Appends the text of entry `origin` (its Repl::sources() id, never 0) on new lines.
    void addEntry(const std::string& text, uint32_t origin);

    const std::string& text() const { return m_text; }
    /// The 1-based line the next appended text starts on.
    uint32_t nextLine() const { return m_line; }

    /// The entry a compiled location lies in: `file` becomes the entry's id and `line` its
    /// line within the entry. Locations in generated code keep their line and get file 0.
    SourceLocation map(const SourceLocation& loc) const;
    /// map() applied to both ends.
    SourceRange map(const SourceRange& range) const;
    /// A copy of `d` with its range and the ranges of its notes mapped.
    Diagnostic map(const Diagnostic& d) const;
    /// True when `loc` (a compiled location) lies in the text of entry `origin`.
    bool inEntry(const SourceLocation& loc, uint32_t origin) const;

private:
    struct Span {
        uint32_t firstLine;
        uint32_t lineCount;
        uint32_t origin;
        uint32_t lastLineLength; ///< bytes in the entry's last line
    };
    std::string m_text;
    uint32_t m_line = 1;
    std::vector<Span> m_spans;
};

} // namespace clstep::repl
