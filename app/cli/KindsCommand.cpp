// `clstep-cli kinds`: the diagnostic kinds table, as text, names or docs/kinds.md.
#include "KindsCommand.h"

#include "common/DiagnosticKind.h"

#include <algorithm>
#include <string>

namespace clstep::cli {

void addKindsOptions(CLI::App& cmd, KindsOptionsCli& options) {
    cmd.add_flag("--markdown", options.markdown,
                 "print the table as docs/kinds.md (Markdown) is written");
    cmd.add_flag("--names", options.names, "print only the kind names, one a line");
}

int runKinds(const KindsOptionsCli& options, std::ostream& out) {
    const auto kinds = DiagnosticKinds::all();
    if (options.names) {
        for (const DiagnosticKindInfo& k : kinds)
            out << k.name << "\n";
        return 0;
    }
    if (options.markdown) {
        out << "# Diagnostic kinds\n\n"
               "Every diagnostic clstep reports has one of these kinds: the rule id printed "
               "between `[` `]`\n"
               "after a message, the `kind` of the JSON output, the KIND of a suppressions rule "
               "and the\n"
               "debug adapter's `exceptionId`. The severity is the one a report of the kind has "
               "unless\n"
               "docs/rules.md or docs/diagnostics.md says otherwise. The stage is what finds it: "
               "`build`\n"
               "(reading, preprocessing, parsing), `sema` (the rules of docs/rules.md, before a "
               "run),\n"
               "`launch` (launch files, suppressions), `runtime` and `builtins` (while the kernel "
               "runs),\n"
               "`checks` (the runtime checks of docs/diagnostics.md), `platform` (the OpenCL "
               "platform).\n\n"
               "This file is `clstep-cli kinds --markdown`, printed from the one table in\n"
               "`interpreter/common/DiagnosticKind.cpp`; the test `cli.clikinds` fails when they "
               "differ.\n\n"
               "| kind | severity | stage | what |\n"
               "|------|----------|-------|------|\n";
        for (const DiagnosticKindInfo& k : kinds)
            out << "| `" << k.name << "` | " << severityName(k.severity) << " | " << k.stage
                << " | " << k.doc << " |\n";
        return 0;
    }
    size_t width = 0;
    for (const DiagnosticKindInfo& k : kinds)
        width = std::max(width, k.name.size());
    for (const DiagnosticKindInfo& k : kinds) {
        const std::string severity = severityName(k.severity);
        const std::string stage(k.stage);
        out << k.name << std::string(width + 2 - k.name.size(), ' ') << severity
            << std::string(9 - severity.size(), ' ') << stage
            << std::string(stage.size() < 14 ? 14 - stage.size() : 1, ' ') << k.doc << "\n";
    }
    return 0;
}

} // namespace clstep::cli
