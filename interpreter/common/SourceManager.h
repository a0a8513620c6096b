#pragma once

#include "common/SourceRange.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace clstep {

/// Owns the text of every source file seen while building a program (the kernel file and
/// everything it #includes) and hands out stable file ids for SourceLocation::file.
/// Id 0 is reserved for "no file". Not thread-safe for concurrent adds.
class SourceManager {
public:
    SourceManager();

    /// Registers a file with its full text; returns its id (>= 1). Adding the same path
    /// twice returns the existing id and keeps the first text.
    uint32_t addFile(const std::string& path, std::string text);

    /// Returns the id of a previously added path, or 0 if unknown.
    uint32_t findFile(const std::string& path) const;

    /// The path of file `id` ("" for 0 or an unknown id).
    const std::string& path(uint32_t id) const;

    /// The whole text of file `id` ("" for 0 or an unknown id).
    const std::string& text(uint32_t id) const;

    /// The text of 1-based `line` of file `id`, without its newline ("" if out of range).
    std::string_view lineText(uint32_t id, uint32_t line) const;

    /// Number of registered files (not counting id 0).
    size_t fileCount() const { return m_files.size() - 1; }

private:
    struct File {
        std::string path;
        std::string text;
        std::vector<size_t> lineStarts; // byte offset of each line start
    };
    std::vector<File> m_files;
};

} // namespace clstep
