#pragma once

#include <CLI/CLI.hpp>

#include <ostream>

namespace clstep::cli {

/// Options of `clstep-cli kinds`.
struct KindsOptionsCli {
    bool markdown = false; ///< print docs/kinds.md (a Markdown table)
    bool names = false;    ///< print only the names, one a line
};

/// Registers the `kinds` options on `cmd`.
void addKindsOptions(CLI::App& cmd, KindsOptionsCli& options);

/// Prints the diagnostic kinds table (common/DiagnosticKind): one kind a line with its default
/// severity, the stage that finds it and its documentation; or the names only; or
/// docs/kinds.md. Returns 0.
int runKinds(const KindsOptionsCli& options, std::ostream& out);

} // namespace clstep::cli
