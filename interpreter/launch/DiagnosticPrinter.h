#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace clstep::launch {

/// Formats diagnostics for the command line: `FILE:LINE:COL: error: message [kind]`
/// followed by the source line and a caret/tilde underline of the range, then notes; or as
/// JSON objects with fields severity, kind, message, file, line, column, endLine, endColumn
/// (plus notes, work_items and count when present). Schema: docs/diagnostics.md.
///
/// Runtime diagnostics (those with work-items) also show the kernel name and each entity as
/// `Global(x,y,z) Local(x,y,z) Group(x,y,z)`, in the style of Oclgrind's reports. When a
/// details lookup is set (CheckSet::details), the structured facts of runtime checks are
/// merged into the JSON objects, and a data race is printed as one block with both accesses,
/// each with its entity, location and source line.
class DiagnosticPrinter {
public:
    /// Returns the structured facts recorded for a diagnostic, or nullptr.
    using DetailsLookup = std::function<const nlohmann::json*(const Diagnostic&)>;

    explicit DiagnosticPrinter(const SourceManager& sources) : m_sources(sources) {}

    /// Sets where structured facts of runtime-check diagnostics come from.
    void setDetailsLookup(DetailsLookup lookup) { m_details = std::move(lookup); }
    /// Sets the kernel name shown in runtime diagnostics ("Kernel: NAME").
    void setKernelName(std::string name) { m_kernel = std::move(name); }

    /// Writes one diagnostic in text form; `count` > 1 adds "(N occurrences)".
    void printText(std::ostream& out, const Diagnostic& d, uint64_t count = 1,
                   bool showSource = true) const;
    /// One diagnostic as a JSON object.
    nlohmann::json toJson(const Diagnostic& d, uint64_t count = 1) const;
    /// All diagnostics as a JSON array.
    nlohmann::json toJson(const std::vector<Diagnostic>& diags,
                          const std::vector<uint64_t>& counts = {}) const;

private:
    std::string location(const SourceLocation& loc) const;
    /// The source line of `range` with a caret/tilde underline, each line prefixed by `indent`.
    void printSource(std::ostream& out, const SourceRange& range, const std::string& indent) const;
    const SourceManager& m_sources;
    DetailsLookup m_details;
    std::string m_kernel;
};

} // namespace clstep::launch
