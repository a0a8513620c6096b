#pragma once

#include "common/SourceRange.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace clstep {

/// How bad a diagnostic is. `Error` makes `check` exit 1 and refuses a run.
enum class Severity { Note, Warning, Error };

/// Returns "note", "warning" or "error".
const char* severityName(Severity s);

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
/// `kind` is a stable machine-readable rule id (for example "syntax-error",
/// "address-space-mismatch", "data-race"); docs/rules.md and docs/diagnostics.md list them.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string kind;
    std::string message;
    SourceRange range;
    std::vector<RelatedLocation> notes;
    /// Work-items involved (runtime diagnostics only); for a race, the first and second access.
    std::vector<WorkItemId> workItems;
};

/// True if any diagnostic in `diags` has Severity::Error.
bool hasErrors(const std::vector<Diagnostic>& diags);

} // namespace clstep
