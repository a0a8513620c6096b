#pragma once

#include "common/Diagnostic.h"

#include <QString>
#include <QVector>

#include <cstdint>
#include <vector>

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
    /// Every diagnostic of kind "data-race" in `diags`.
    static QVector<RaceInfo> fromDiagnostics(const std::vector<Diagnostic>& diags);
    /// "3", "(3,1)" or "(3,1,0)": a global id in as many dimensions as `dims`.
    static QString idText(const std::array<uint64_t, 3>& id, int dims);
};

} // namespace clstep::ui
