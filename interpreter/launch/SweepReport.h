#pragma once

#include "common/Diagnostic.h"
#include "launch/BufferComparison.h"
#include "launch/DiagnosticPrinter.h"
#include "launch/LaunchConfig.h"
#include "launch/Suppressions.h"
#include "launch/SweepAccessSummary.h"
#include "launch/SweepMatrix.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clstep::launch {

/// What one configuration of a sweep left behind: its dumped buffers and runtime reports,
/// not its memory (so a sweep's memory is bounded by its largest run).
struct SweepRunResult {
    SweepConfiguration config;
    /// False when the launch was refused under this configuration (a `launch` diagnostic:
    /// the work-group size does not divide the global size, `__local` memory exceeds the
    /// device's, ...) or the interpreter failed (`failure`).
    bool launched = false;
    /// Final bytes (host order) of each argument the launch dumps; empty for the others.
    std::vector<std::vector<uint8_t>> dumps;
    std::vector<Diagnostic> diagnostics; ///< the run's reports (merged duplicates)
    std::vector<uint64_t> counts;        ///< occurrences of each of `diagnostics`
    /// An exception the interpreter ended with ("" when none): a clstep bug or the host
    /// running out of memory, reported instead of a result.
    std::string failure;
    /// The SIMT statistics of the run under the configuration's sub-group size (`sweep
    /// --access-stats`; none otherwise, or when the launch was refused).
    std::optional<SweepAccessSummary> access;
};

/// One diagnostic found under one or more configurations of a sweep, deduplicated by kind
/// and location (file, line, column of its range's start).
struct SweepFinding {
    Diagnostic diagnostic;              ///< as the first configuration showing it reported it
    uint64_t count = 0;                 ///< occurrences, summed over the configurations
    std::vector<size_t> configurations; ///< indexes into the runs, increasing
};

class SweepResults;

/// Dumped elements that differ between two classes of configurations.
struct SweepDifference {
    size_t firstClass = 0, secondClass = 0;  ///< indexes into SweepReport::resultClasses
    std::vector<ElementDifference> elements; ///< the first differences (at most 20)
    uint64_t total = 0;                      ///< how many elements differ in all
};

/// The one verdict of a sweep: no error under any configuration and equal results (Clean),
/// equal reports but results that depend on the configuration (Dependent), or at least one
/// error diagnostic (Errors).
enum class SweepVerdict { Clean, Dependent, Errors };

/// "clean", "results depend on the configuration", "errors".
const char* sweepVerdictName(SweepVerdict v);

/// The summary of a sweep (docs/sweep.md): diagnostics by kind and location with the
/// configurations that show them, the classes of configurations with equal results, the
/// elements by which those classes differ, and the verdict.
class SweepReport {
public:
    /// Summarizes the runs of a sweep: their findings and verdict, with the classes of equal
    /// results and their differences as `results` compared them as the runs finished
    /// (SweepResults: floats within its `ulp`).
    static SweepReport build(const SweepResults& results);

    /// Leaves out of every run of `runs` the reports (of kernel `kernel`, ranges in `sources`)
    /// that a rule of `suppressions` matches (`sweep --suppressions`, docs/sweep.md), before
    /// build(): a suppressed report is in no finding and changes no verdict. Each distinct
    /// report (kind and location, as build() deduplicates them) counts once in the rule's
    /// count, however many configurations show it.
    static void suppress(std::vector<SweepRunResult>& runs, Suppressions& suppressions,
                         const SourceManager& sources, const std::string& kernel);

    std::vector<SweepFinding> findings;
    /// Configurations (indexes into the runs) grouped by equal results, in order of their first
    /// configuration; refused launches are in none.
    std::vector<std::vector<size_t>> resultClasses;
    std::vector<SweepDifference> differences; ///< each class after the first vs the first
    std::vector<size_t> refused;              ///< configurations whose launch was refused
    SweepVerdict verdict = SweepVerdict::Clean;

    /// The sweep as JSON (schema in docs/sweep.md): "verdict", "configurations" (each with
    /// its "launched", "errors", "warnings", "result_class", "access_stats" when the run has
    /// them (SweepAccessSummary::toJson); with `withBuffers` its dumped
    /// buffers as {"name","type","hex"}), "diagnostics" (DiagnosticPrinter objects plus
    /// "configurations": [names]), "result_classes", "differences". `printer` formats the
    /// program's sources.
    nlohmann::json toJson(const std::vector<SweepRunResult>& runs,
                          const std::vector<KernelArgSpec>& specs, const DiagnosticPrinter& printer,
                          bool withBuffers) const;

    /// Hexadecimal text of `bytes` (two lowercase digits a byte) and back; fromHex is false
    /// for text that is not pairs of hex digits.
    static std::string toHex(const std::vector<uint8_t>& bytes);
    static bool fromHex(const std::string& text, std::vector<uint8_t>& out);
};

} // namespace clstep::launch
