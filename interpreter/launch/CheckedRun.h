#pragma once

#include "checks/CheckSet.h"
#include "launch/DiagnosticPrinter.h"
#include "runtime/KernelRun.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace clstep::launch {

/// Runs a prepared kernel run (of the kernel `kernelName`) with the runtime checks of `checks` (the
/// one sequence that `clstep-cli run` and the OpenCL platform share): attaches a CheckSet, runs
/// every work-group, writes the printf output to `out` and each runtime diagnostic to `err` in
/// `run`'s text format (`file:line:col: error: message [kind]`, docs/diagnostics.md),
/// preceded by `header` (a line such as "clstep: launch 3, kernel 'add':") when there is at
/// least one diagnostic and the header is not empty. `printer` must format the sources of the
/// run's program. Returns the diagnostics as the JSON array DiagnosticPrinter::toJson makes.
/// Does not throw for kernel errors: they are diagnostics of the run.
nlohmann::json runChecked(KernelRun& run, const std::string& kernelName, const CheckOptions& checks,
                          DiagnosticPrinter& printer, std::ostream& out, std::ostream& err,
                          const std::string& header = {});

} // namespace clstep::launch
