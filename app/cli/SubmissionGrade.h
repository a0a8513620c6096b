#pragma once

#include "common/DiagnosticKind.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::cli {

/// One diagnostic of a graded submission, deduplicated by kind and location over the
/// configurations (as `sweep` reports it).
struct GradeProblem {
    std::string severity;                           ///< error, warning or note
    DiagnosticKind kind = DiagnosticKind::Internal; ///< docs/kinds.md (DataRace, OutOfBounds, ...)
    std::string message;
    std::string file;
    int line = 0, column = 0;                ///< 1-based; 0 when unknown
    uint64_t count = 1;                      ///< occurrences over all configurations
    std::vector<std::string> configurations; ///< names of the configurations that show it
};

/// A configuration whose dumped buffers differ from the reference's.
struct GradeDifference {
    std::string configuration; ///< its name ("local 32, reverse")
    /// The first differing elements, as "out[0] = 784 (expected 2080)"; or why there is no
    /// result ("not launched").
    std::vector<std::string> elements;
    uint64_t total = 0; ///< differing elements in all
};

/// The grade of one submission (`clstep-cli grade`, docs/sweep.md): whether it builds,
/// whether its results equal the reference's in every configuration, its runtime problems,
/// and the verdict.
struct SubmissionGrade {
    std::string path; ///< the submission file as found
    std::string name; ///< its file name
    /// "pass", "wrong results", "unsafe", "does not build" or "stopped".
    std::string verdict;
    bool builds = false;
    std::vector<GradeProblem> buildDiagnostics; ///< with file:line:col
    size_t configurations = 0;                  ///< configurations compared
    size_t equalConfigurations = 0;             ///< of them, with results equal to the reference's
    std::vector<GradeDifference> differing;     ///< the others
    std::vector<GradeProblem> problems;         ///< runtime diagnostics (races, memory errors...)
    std::string stoppedReason;                  ///< why it was stopped ("" unless stopped)
    double seconds = 0;                         ///< wall-clock time of its run
    // problems by category (docs/sweep.md)
    size_t races = 0, memoryErrors = 0, barrierDivergence = 0, uninitializedReads = 0,
           otherErrors = 0;
};

} // namespace clstep::cli
