#pragma once

#include "SubmissionGrade.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace clstep::cli {

/// How one submission's `sweep` child process ended (grade runs each in its own process).
struct ChildOutcome {
    bool timedOut = false; ///< killed at the --timeout limit
    double timeoutSeconds = 0;
    int exitCode = -1;      ///< -1 when a signal ended it
    int signal = 0;         ///< the signal, 0 if none
    std::string stderrText; ///< what it wrote on stderr
    bool haveJson = false;  ///< it wrote its sweep JSON (docs/sweep.md)
    nlohmann::json json;    ///< that JSON (with --json-buffers)
    double seconds = 0;
};

/// Grades submissions from their sweep JSON against the reference's, and writes the class's
/// grades as a table, JSON, CSV and a self-contained HTML page (docs/sweep.md).
class GradeReport {
public:
    /// The grade of submission `path` from its child's outcome and the reference's sweep JSON
    /// `reference` (same matrix, same configuration order): dumped buffers compared element
    /// by element, integers exactly, floats within `ulp`. Verdict, first that applies: does
    /// not build (build or launch errors), stopped (time limit, crash, step limit, call depth,
    /// allocation limit, interpreter failure), wrong results (some configuration differs),
    /// unsafe (any error or warning diagnostic), pass.
    static SubmissionGrade evaluate(const std::string& path, const nlohmann::json& reference,
                                    const ChildOutcome& child, uint64_t ulp);

    /// The class table: one row per submission (verdict, builds, equal configurations,
    /// problems), then the details of each submission that did not pass.
    static std::string table(const std::vector<SubmissionGrade>& grades,
                             const std::vector<std::string>& configurations);
    /// {"reference","launch","configurations":[names],"submissions":[...]} (docs/sweep.md).
    static nlohmann::json toJson(const std::vector<SubmissionGrade>& grades,
                                 const std::string& reference, const std::string& launch,
                                 const std::vector<std::string>& configurations);
    /// One header row and one row per submission, RFC 4180 quoting (docs/sweep.md columns).
    static std::string csv(const std::vector<SubmissionGrade>& grades);
    /// A self-contained HTML page (no external resources): a summary table and one section
    /// per submission with its problems, each with the source lines around it.
    static std::string html(const std::vector<SubmissionGrade>& grades,
                            const std::string& reference, const std::string& launch,
                            const std::vector<std::string>& configurations);
};

} // namespace clstep::cli
