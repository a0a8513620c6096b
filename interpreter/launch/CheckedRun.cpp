#include "launch/CheckedRun.h"

#include "launch/Suppressions.h"

namespace clstep::launch {

bool CheckedRunResult::hasErrors(const KernelRun& run) const {
    for (size_t i : reported)
        if (run.diagnostics()[i].severity == Severity::Error) return true;
    return false;
}

CheckedRunResult runChecked(KernelRun& run, const std::string& kernelName,
                            const CheckOptions& options, DiagnosticPrinter& printer,
                            std::ostream& out, std::ostream& err, const std::string& header,
                            const ReportFilter& filter) {
    CheckSet checks(options);
    checks.attach(run);
    printer.setDetailsLookup([&checks](const Diagnostic& d) { return checks.details(d); });
    printer.setKernelName(kernelName);
    run.runAll();
    out << run.output();
    CheckedRunResult result;
    const std::vector<Diagnostic>& diags = run.diagnostics();
    const SourceManager& sources = run.program().sources;
    for (size_t i = 0; i < diags.size(); ++i) {
        if (filter.suppressions && filter.suppressions->suppresses(diags[i], sources, kernelName))
            ++result.suppressed;
        else
            result.reported.push_back(i);
    }
    if (!header.empty() && !result.reported.empty()) err << header << "\n";
    std::vector<Diagnostic> kept;
    std::vector<uint64_t> counts;
    for (size_t i : result.reported) {
        printer.printText(err, diags[i], run.diagnosticCounts()[i]);
        kept.push_back(diags[i]);
        counts.push_back(run.diagnosticCounts()[i]);
    }
    if (filter.genSuppressions && !kept.empty()) {
        std::set<std::string> local;
        std::set<std::string>& printed = filter.printedRules ? *filter.printedRules : local;
        std::vector<std::string> rules;
        for (const Diagnostic& d : kept)
            if (std::string r = Suppressions::ruleFor(d, sources, kernelName);
                printed.insert(r).second)
                rules.push_back(r);
        if (!rules.empty()) {
            err << "# clstep: suppression rules for the reports above:\n";
            for (const std::string& r : rules)
                err << r << "\n";
        }
    }
    result.json = printer.toJson(kept, counts);
    printer.setDetailsLookup({});
    return result;
}

} // namespace clstep::launch
