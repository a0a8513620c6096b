#pragma once

#include "common/Diagnostic.h"
#include "common/SourceRange.h"

#include <string>
#include <vector>

namespace clstep {

/// The output of the preprocessor: the text the parser reads, plus a map from positions in
/// that text back to the original files (so every diagnostic reports the user's
/// file:line:col, not a position in the expanded text).
class PreprocessedSource {
public:
    /// A source with no preprocessing: `text` maps 1:1 onto file `fileId`.
    static PreprocessedSource identity(std::string text, uint32_t fileId);

    /// Preprocessed text fed to the parser.
    std::string text;
    /// Preprocessor diagnostics (missing #include, bad #if, #error, ...).
    std::vector<Diagnostic> diagnostics;
    /// `#pragma OPENCL EXTENSION name : enable|disable` seen, in order ("cl_khr_fp64 : enable").
    std::vector<std::string> extensionPragmas;

    /// Records that output position (outLine, outColumn) (1-based) starts a run of text that
    /// came from `original`. Must be called with non-decreasing output positions.
    void addMapping(uint32_t outLine, uint32_t outColumn, SourceLocation original);

    /// Maps a 1-based (line, column) of `text` to the original location. Within one mapped
    /// run columns advance together; lines after the run's start keep the output column.
    /// Returns an invalid location if there is no mapping.
    SourceLocation originalLocation(uint32_t outLine, uint32_t outColumn) const;

private:
    struct Segment {
        uint32_t outLine;
        uint32_t outColumn;
        SourceLocation original;
    };
    std::vector<Segment> m_segments;
};

} // namespace clstep
