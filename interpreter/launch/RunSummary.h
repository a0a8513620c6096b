#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace clstep::launch {

/// Per-kernel totals of a process's kernel launches, for CI (docs/diagnostics.md, "Summary"):
/// how many launches each kernel had and, per diagnostic kind, how many reports it made and
/// where the first one was, like a sanitizer's summary. The OpenCL platform keeps one per
/// process (CLSTEP_SUMMARY) and `clstep-cli exec` prints it at the end:
///
///     SUMMARY: clstep: kernel reduce: 3 launches; data-race: 2 reports, first at reduce.cl:27:9
///     SUMMARY: clstep: kernel scale: 1 launch; no reports
///
/// A report is one diagnostic as printed (merged repeats count once; their number is
/// `occurrences`). Suppressed reports are not added (the caller passes only those it made).
/// Not thread-safe.
class RunSummary {
public:
    /// The reports of one kind made by one kernel.
    struct KindTotal {
        std::string kind;
        std::string severity;          ///< "error", "warning" or "note" (of the first report)
        uint64_t reports = 0;          ///< diagnostics as printed
        uint64_t occurrences = 0;      ///< their merged repeats added up (`count`)
        std::string file;              ///< the first report's file ("" when it has none)
        uint32_t line = 0, column = 0; ///< the first report's 1-based start (0: none)
        uint32_t launch = 0;           ///< the launch (1-based, per process) that made it
    };
    /// One kernel's launches and reports, kinds in the order they were first reported.
    struct KernelTotal {
        std::string kernel;
        uint64_t launches = 0;
        std::vector<KindTotal> kinds;
    };

    /// Adds launch `launch` (1-based) of kernel `kernel` with the diagnostics it reported, as
    /// the JSON array DiagnosticPrinter::toJson makes (fields kind, severity, file, line,
    /// column, count are read; others ignored).
    void addLaunch(const std::string& kernel, uint32_t launch, const nlohmann::json& reported);

    /// The kernels, in the order of their first launch.
    const std::vector<KernelTotal>& kernels() const { return m_kernels; }
    uint64_t launches() const;
    uint64_t reports() const;
    /// Reports with severity "error" (what `exec --error-exitcode` tests).
    uint64_t errors() const;

    /// {"launches", "reports", "errors", "kernels": [{"kernel", "launches", "reports":
    /// [{"kind", "severity", "reports", "occurrences", "first": {"file", "line", "column",
    /// "launch"}}]}]} (schema in docs/diagnostics.md).
    nlohmann::json toJson() const;
    /// The summary toJson() wrote (missing fields are 0 / empty; never throws for a
    /// well-formed JSON value of another shape).
    static RunSummary fromJson(const nlohmann::json& j);

    /// One line per kernel, each starting with `prefix`: "kernel NAME: N launches; KIND: M
    /// reports, first at FILE:LINE:COL; ..." ("no reports" when it made none). Nothing for a
    /// summary without launches.
    void printText(std::ostream& out, const std::string& prefix = "SUMMARY: clstep: ") const;

private:
    std::vector<KernelTotal> m_kernels;
};

} // namespace clstep::launch
