#include "ReportSwitches.h"

#include "launch/DiagnosticPrinter.h"

namespace clstep::cli {

void addReportSwitches(CLI::App& cmd, ReportSwitches& s) {
    cmd.add_option("--suppressions", s.suppressions,
                   "suppression rules: reports they match are not reported and count for "
                   "nothing (one rule per line: KIND FILE:LINE|FILE:*|kernel=NAME [/REGEX/]; "
                   "repeatable)");
    cmd.add_flag("--gen-suppressions", s.genSuppressions,
                 "after the reports, print a suppression rule for each (paste them into a "
                 "--suppressions file)");
}

void addErrorExitcode(CLI::App& cmd, ReportSwitches& s, const std::string& help) {
    cmd.add_option("--error-exitcode", s.errorExitcode,
                   "exit status when an error was reported (1-255); " + help)
        ->check(CLI::Range(1, 255));
}

bool loadSuppressions(const ReportSwitches& switches, launch::Suppressions& into,
                      std::ostream& err) {
    bool ok = true;
    for (const std::string& path : switches.suppressions) {
        const std::vector<Diagnostic> errors = into.load(path);
        const launch::DiagnosticPrinter printer(into.sources());
        for (const Diagnostic& d : errors)
            printer.printText(err, d);
        ok = ok && errors.empty();
    }
    return ok;
}

} // namespace clstep::cli
