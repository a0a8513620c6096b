#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <mutex>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace clstep::launch {

/// A set of suppression rules (`--suppressions FILE`, CLSTEP_SUPPRESSIONS; syntax in
/// docs/diagnostics.md, "Suppressions"): each rule silences the runtime reports of one kind at
/// one place. One rule per line:
///
///     KIND  LOCATION  [/REGEX/]   [# comment]
///
/// KIND is a diagnostic kind as printed in `[...]` (`data-race`) or `*` (any kind). LOCATION
/// is `FILE:LINE`, `FILE:*` (any line) or `kernel=NAME`; FILE and NAME are glob patterns
/// (fnmatch: `*`, `?`, `[...]`), and FILE matches the diagnostic's file path or any of its
/// trailing parts after a `/` (`reduce.cl` matches `/src/kernels/reduce.cl`). LINE is the
/// 1-based line where the report's range starts (for a data race, its first access). REGEX
/// (std::regex, ECMAScript; `\/` for a slash) must occur somewhere in the message. Blank lines
/// and lines starting with `#` are comments.
///
/// A suppressed report is as if it had not been made: the front end neither prints it nor
/// writes it to JSON, and it counts for no exit code or event status. The set counts, per
/// rule, the reports it suppressed ("N reports suppressed by M rules" at the end of a run).
/// Thread-safe: suppresses() may be called from several threads (the OpenCL platform's
/// host threads).
class Suppressions {
public:
    /// One rule, as parsed from its line.
    struct Rule {
        std::string text;                   ///< the rule as written (trimmed, without a comment)
        std::optional<DiagnosticKind> kind; ///< the diagnostic kind; none for "*" (any kind)
        std::string filePattern;            ///< glob of the file; empty for a `kernel=` rule
        uint32_t line = 0;                  ///< 1-based line; 0 for `FILE:*`
        std::string kernelPattern;          ///< glob of the kernel name; empty for a file rule
        std::string messageText;            ///< the REGEX between the slashes ("" = none)
        std::optional<std::regex> message;
        std::string path;      ///< the suppressions file the rule came from
        uint32_t fileLine = 0; ///< its 1-based line in that file
    };

    /// How many reports one rule suppressed.
    struct RuleCount {
        std::string rule;      ///< Rule::text
        std::string path;      ///< Rule::path
        uint32_t fileLine = 0; ///< Rule::fileLine
        uint64_t reports = 0;  ///< reports suppressed so far
    };

    /// The kind of the diagnostics load() and parse() return.
    static constexpr DiagnosticKind kSyntaxKind = DiagnosticKind::Suppressions;

    Suppressions() = default;
    Suppressions(const Suppressions&) = delete;
    Suppressions& operator=(const Suppressions&) = delete;

    /// Reads the rules of the file `path` and adds them to the set. Returns its errors (empty
    /// when every line is a rule or a comment): one error diagnostic of kind "suppressions" per
    /// malformed line, with the range of the offending text in sources() (so DiagnosticPrinter
    /// prints `path:LINE:COL: error: ...` and the line), or one without a line when the file
    /// cannot be read. The well-formed rules of a file with errors are added all the same
    /// (front ends that can stop treat any error as a usage error, exit code 2).
    std::vector<Diagnostic> load(const std::string& path);
    /// load() for text already in memory; `path` names it in diagnostics.
    std::vector<Diagnostic> parse(const std::string& path, const std::string& text);

    /// The files read so far (for printing load()'s diagnostics).
    const SourceManager& sources() const { return m_sources; }
    /// The rules, in file order.
    const std::vector<Rule>& rules() const { return m_rules; }
    bool empty() const { return m_rules.empty(); }

    /// The first rule that matches the report `d` of kernel `kernel` (whose ranges are in
    /// `diagSources`), or nullptr. Counts nothing.
    const Rule* match(const Diagnostic& d, const SourceManager& diagSources,
                      const std::string& kernel) const;
    /// True when a rule matches `d` (match()); that rule's count grows by one.
    bool suppresses(const Diagnostic& d, const SourceManager& diagSources,
                    const std::string& kernel);

    /// Reports suppressed so far, over all rules.
    uint64_t suppressedReports() const;
    /// Rules that suppressed at least one report.
    size_t rulesUsed() const;
    /// Per rule, in file order, the reports it suppressed.
    std::vector<RuleCount> counts() const;
    /// Sets every count back to 0 (a front end that judges the same reports again).
    void resetCounts();
    /// "N reports suppressed by M rules" (singular forms for 1).
    std::string summaryLine() const;
    /// {"reports": N, "rules": M, "per_rule": [{"rule", "file", "line", "reports"}]}:
    /// suppressedReports(), rulesUsed() and counts().
    nlohmann::json toJson() const;

    /// The rule that suppresses the report `d` of kernel `kernel` (`--gen-suppressions`):
    /// `KIND  BASENAME:LINE` for a report with a source location (BASENAME: the last part
    /// of its file path, glob characters escaped), else `KIND  kernel=NAME`.
    static std::string ruleFor(const Diagnostic& d, const SourceManager& diagSources,
                               const std::string& kernel);

private:
    SourceManager m_sources;
    std::vector<Rule> m_rules;
    std::vector<uint64_t> m_counts; ///< per rule
    mutable std::mutex m_mutex;     ///< guards m_counts
};

} // namespace clstep::launch
