#pragma once

#include "common/DiagnosticKind.h"
#include "common/Severity.h"
#include "common/SourceRange.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace clstep {

/// A secondary location attached to a diagnostic ("pointer declared __global here").
struct RelatedLocation {
    SourceRange range;
    std::string message;
};

/// Identifies one work-item of an NDRange by its global, local and work-group ids
/// (each 3 components; unused dimensions are 0).
struct WorkItemId {
    std::array<uint64_t, 3> global{};
    std::array<uint64_t, 3> local{};
    std::array<uint64_t, 3> group{};
    friend bool operator==(const WorkItemId&, const WorkItemId&) = default;
};

/// A problem found in a kernel, either before the run (preprocessor, parser, Sema rules)
/// or during it (runtime checks). Diagnostics are values: they are collected, never thrown.
///
/// `kind` is the rule (common/DiagnosticKind.h); its string form (`data-race`) is written
/// only at the edges (CLI text, JSON, suppressions, the debug adapter): docs/kinds.md lists
/// every kind, docs/rules.md and docs/diagnostics.md explain them.
struct Diagnostic {
    Severity severity = Severity::Error;
    DiagnosticKind kind = DiagnosticKind::Internal;
    std::string message;
    SourceRange range;
    std::vector<RelatedLocation> notes;
    /// Work-items involved (runtime diagnostics only); for a race, the first and second access.
    std::vector<WorkItemId> workItems;
};

/// True if any diagnostic in `diags` has Severity::Error.
bool hasErrors(const std::vector<Diagnostic>& diags);

} // namespace clstep
