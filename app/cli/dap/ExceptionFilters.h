#pragma once

#include "common/DiagnosticKind.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

namespace clstep::cli::dap {

/// The debug adapter's exception filters (DAP `exceptionBreakpointFilters`): one per diagnostic
/// kind a running kernel can report, that is every row of the kinds table
/// (DiagnosticKinds::all()) whose stage names `runtime`, `checks` or `builtins`, but `launch`
/// (reported before the first statement). A filter is named as its kind (`data-race`, the
/// `exceptionId` of the stop it causes), described by the kind's line of documentation, and on
/// by default when the kind's default severity is an error. An enabled filter stops execution
/// at a report of its kind whatever the report's severity (debug::Session::setBreakOnKinds),
/// so `uninitialized-read`, a warning, can stop too.
class ExceptionFilters {
public:
    /// The `exceptionBreakpointFilters` capability: `filter`, `label`, `description`,
    /// `default` of each filter, in the order of the kinds table.
    static nlohmann::json capability();
    /// The kind of filter `name`, or nothing when no filter has that name.
    static std::optional<DiagnosticKind> kind(std::string_view name);
    /// True when a running kernel can report `kind` (it has a filter).
    static bool isFilter(DiagnosticKind kind);
};

} // namespace clstep::cli::dap
