#pragma once

#include "launch/Suppressions.h"

#include <CLI/CLI.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace clstep::cli {

/// The switches of `run` and `exec` that decide which runtime reports count and how a run
/// ends (docs/diagnostics.md, "Suppressions" and "Exit codes").
struct ReportSwitches {
    std::vector<std::string> suppressions; ///< --suppressions FILE (repeatable)
    bool genSuppressions = false;          ///< --gen-suppressions
    /// --error-exitcode N: the exit status when an error-severity report was made
    /// (0 = the command's default: 1 for `run`, the program's own status for `exec`).
    int errorExitcode = 0;
};

/// Registers --suppressions and --gen-suppressions on `cmd`.
void addReportSwitches(CLI::App& cmd, ReportSwitches& switches);
/// Registers --error-exitcode on `cmd`; `help` says what the command does without it.
void addErrorExitcode(CLI::App& cmd, ReportSwitches& switches, const std::string& help);

/// Loads every --suppressions file into `into`. Malformed lines and unreadable files are
/// printed to `err` (`FILE:LINE:COL: error: ... [suppressions]`, with the line); returns false
/// when there was any (a usage error: exit code 2).
bool loadSuppressions(const ReportSwitches& switches, launch::Suppressions& into,
                      std::ostream& err);

} // namespace clstep::cli
