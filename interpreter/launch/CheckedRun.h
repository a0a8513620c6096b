#pragma once

#include "checks/CheckSet.h"
#include "launch/DiagnosticPrinter.h"
#include "runtime/KernelRun.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace clstep::launch {

class Suppressions;

/// What runChecked does with a run's reports besides printing them.
struct ReportFilter {
    /// Reports a rule of this set matches are left out of the text and the JSON, and counted
    /// in it (Suppressions::suppresses); nullptr: none.
    Suppressions* suppressions = nullptr;
    /// `--gen-suppressions`: after the reports, print a suppression rule for each of them
    /// (Suppressions::ruleFor), under the line "# clstep: suppression rules for the reports
    /// above:", so that the block pasted into a suppressions file silences them.
    bool genSuppressions = false;
    /// With genSuppressions: rules already printed (by earlier launches of the process) are
    /// not printed again, and the new ones are added here; nullptr: within this run only.
    std::set<std::string>* printedRules = nullptr;
};

/// The outcome of runChecked.
struct CheckedRunResult {
    nlohmann::json json; ///< the reported diagnostics, as DiagnosticPrinter::toJson makes them
    /// Indices into run.diagnostics() of the reported (not suppressed) diagnostics, in order.
    std::vector<size_t> reported;
    size_t suppressed = 0; ///< diagnostics of the run that a suppression rule left out

    /// True when a reported diagnostic of `run` has Severity::Error.
    bool hasErrors(const KernelRun& run) const;
};

/// Runs a prepared kernel run (of the kernel `kernelName`) with the runtime checks of `checks` (the
/// one sequence that `clstep-cli run` and the OpenCL platform share): attaches a CheckSet, runs
/// every work-group, writes the printf output to `out` and each runtime diagnostic that
/// `filter` does not suppress to `err` in `run`'s text format
/// (`file:line:col: error: message [kind]`, docs/diagnostics.md), preceded by `header` (a
/// line such as "clstep: launch 3, kernel 'add':") when at least one is printed and the header
/// is not empty, and followed by their suppression rules when `filter.genSuppressions`.
/// `printer` must format the sources of the run's program. Does not throw for kernel errors:
/// they are diagnostics of the run.
CheckedRunResult runChecked(KernelRun& run, const std::string& kernelName,
                            const CheckOptions& checks, DiagnosticPrinter& printer,
                            std::ostream& out, std::ostream& err, const std::string& header = {},
                            const ReportFilter& filter = {});

} // namespace clstep::launch
