#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <vector>

namespace clstep::cli {

/// Formats diagnostics for the command line: `FILE:LINE:COL: error: message [kind]`
/// followed by the source line and a caret/tilde underline of the range, then notes; or as
/// JSON objects with fields severity, kind, message, file, line, column, endLine, endColumn
/// (plus notes, work_items and count when present). Schema: docs/diagnostics.md.
class DiagnosticPrinter {
public:
    explicit DiagnosticPrinter(const SourceManager& sources) : m_sources(sources) {}

    /// Writes one diagnostic in text form; `count` > 1 adds "(N occurrences)".
    void printText(std::ostream& out, const Diagnostic& d, uint64_t count = 1, bool showSource = true) const;
    /// One diagnostic as a JSON object.
    nlohmann::json toJson(const Diagnostic& d, uint64_t count = 1) const;
    /// All diagnostics as a JSON array.
    nlohmann::json toJson(const std::vector<Diagnostic>& diags, const std::vector<uint64_t>& counts = {}) const;

private:
    std::string location(const SourceLocation& loc) const;
    const SourceManager& m_sources;
};

} // namespace clstep::cli
