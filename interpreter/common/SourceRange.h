#pragma once

#include <cstdint>

namespace clstep {

/// A position in an original (not preprocessed) source file.
/// `file` is an id into SourceManager (0 = unknown/none); `line` and `column` are 1-based,
/// columns count bytes. A default-constructed location (line 0) is "invalid".
struct SourceLocation {
    uint32_t file = 0;
    uint32_t line = 0;
    uint32_t column = 0;

    /// True when the location points into a real file position.
    bool valid() const { return line != 0; }
    friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
    friend bool operator<(const SourceLocation& a, const SourceLocation& b) {
        if (a.file != b.file) return a.file < b.file;
        if (a.line != b.line) return a.line < b.line;
        return a.column < b.column;
    }
};

/// A half-open range of source text: `begin` is the first character, `end` is one past the
/// last character (so an editor underlines [begin, end)). Both are 1-based.
struct SourceRange {
    SourceLocation begin;
    SourceLocation end;

    bool valid() const { return begin.valid(); }
    friend bool operator==(const SourceRange&, const SourceRange&) = default;
};

} // namespace clstep
