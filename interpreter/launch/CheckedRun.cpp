#include "launch/CheckedRun.h"

namespace clstep::launch {

nlohmann::json runChecked(KernelRun& run, const std::string& kernelName,
                          const CheckOptions& options, DiagnosticPrinter& printer,
                          std::ostream& out, std::ostream& err, const std::string& header) {
    CheckSet checks(options);
    checks.attach(run);
    printer.setDetailsLookup([&checks](const Diagnostic& d) { return checks.details(d); });
    printer.setKernelName(kernelName);
    run.runAll();
    out << run.output();
    if (!header.empty() && !run.diagnostics().empty()) err << header << "\n";
    for (size_t i = 0; i < run.diagnostics().size(); ++i)
        printer.printText(err, run.diagnostics()[i], run.diagnosticCounts()[i]);
    nlohmann::json json = printer.toJson(run.diagnostics(), run.diagnosticCounts());
    printer.setDetailsLookup({});
    return json;
}

} // namespace clstep::launch
