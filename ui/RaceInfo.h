#pragma once

#include "common/Diagnostic.h"

#include <nlohmann/json_fwd.hpp>

#include <QString>
#include <QVector>

#include <cstdint>
#include <vector>

namespace clstep::debug {
struct Snapshot;
}

namespace clstep::ui {

/// One reported data race, taken apart for the views: the racing byte, the two work-items
/// and the two source ranges (first access = the diagnostic's range, second access = its
/// first note).
struct RaceInfo {
    int diagnosticIndex = -1;
    uint64_t address = 0; ///< encoded address of the first conflicting byte (0 if unknown)
    WorkItemId first, second;
    SourceRange firstRange, secondRange;
    QString message;

    /// "work-item 3 (line 21) and work-item 11 (line 21)".
    QString describe() const;
    /// Every diagnostic of kind `data-race` in `diags`.
    static QVector<RaceInfo> fromDiagnostics(const std::vector<Diagnostic>& diags);
    /// One element's pair from the facts of a race occurrence (debug::RaceOccurrence::facts):
    /// "[RAW] write by work-item 4 (line 21), then read by work-item 0 (line 21)"; empty when
    /// the facts have no accesses.
    static QString describeFacts(const nlohmann::json& facts, int dims);
    /// " (occurrence 1 of 4)" for diagnostic `index` of `s` when it stands for several
    /// occurrences (debug::Snapshot::diagnosticShown of diagnosticCounts), else empty.
    static QString occurrenceText(const debug::Snapshot& s, size_t index);
    /// "3", "(3,1)" or "(3,1,0)": a global id in as many dimensions as `dims`.
    static QString idText(const std::array<uint64_t, 3>& id, int dims);
};

} // namespace clstep::ui
