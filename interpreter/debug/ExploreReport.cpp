#include "debug/ExploreReport.h"

#include "common/SourceManager.h"
#include "debug/Session.h"

#include <algorithm>

namespace clstep::debug {

std::string exploreReport(const ExploreResult& r, const SourceManager* sources) {
    std::string out = "Explored " + std::to_string(r.schedules) + " schedules:";
    for (size_t i = 0; i < r.scheduleNames.size(); ++i)
        out += (i ? ", " : " ") + r.scheduleNames[i];
    out += "\n";
    if (!r.outputsDiffer && !r.localsDiffer) {
        out += "All schedules give the same results (no order dependence found)\n";
    } else {
        out += "The results depend on the schedule: a data race (or another order dependence)";
        if (r.outputsDiffer) out += " changes __global output";
        if (r.localsDiffer)
            out += std::string(r.outputsDiffer ? " and" : "") + " changes __local memory";
        out += "\n";
        const size_t shown = std::min<size_t>(r.differences.size(), 8);
        for (size_t i = 0; i < shown; ++i)
            out += "  " + r.differences[i] + "\n";
        if (r.differences.size() > shown)
            out += "  ... and " + std::to_string(r.differences.size() - shown) + " more\n";
    }
    if (r.diagnostics.empty()) return out;
    out += "Runtime reports of the schedules:\n";
    const size_t shown = std::min<size_t>(r.diagnostics.size(), 20);
    for (size_t i = 0; i < shown; ++i) {
        const Diagnostic& d = r.diagnostics[i];
        std::string where = "line " + std::to_string(d.range.begin.line);
        if (sources && d.range.begin.file) {
            std::string path = sources->path(d.range.begin.file);
            const size_t slash = path.find_last_of('/');
            if (slash != std::string::npos) path = path.substr(slash + 1);
            where = path + ":" + std::to_string(d.range.begin.line);
        }
        out += "  " + where + ": " + severityName(d.severity) + ": " + d.message + " [" +
               DiagnosticKinds::name(d.kind) + "]";
        if (i < r.diagnosticSchedules.size())
            out += " (first found by " + r.diagnosticSchedules[i] + ")";
        out += "\n";
    }
    if (r.diagnostics.size() > shown)
        out += "  ... and " + std::to_string(r.diagnostics.size() - shown) + " more\n";
    return out;
}

} // namespace clstep::debug
