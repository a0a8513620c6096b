#pragma once

#include "common/Diagnostic.h"

#include <QString>
#include <QVector>

#include <cstdint>
#include <vector>

namespace clstep::ui {

/// One reported endian(host) conversion (a diagnostic of kind "endian-conversion"), taken
/// apart for the memory panes: where, how many bytes, and the bytes before and after.
struct EndianEvent {
    uint64_t address = 0; ///< encoded address of the first byte
    uint64_t size = 0;
    bool write = false;
    QString memoryBytes; ///< "11 22 33 44": as stored (host order); empty if not reported
    QString deviceBytes; ///< the same value in device order
    SourceRange range;
    /// The work-item that made the first such conversion (whose __local or __private memory
    /// a local or private address belongs to); `hasWorkItem` false when not reported.
    WorkItemId workItem;
    bool hasWorkItem = false;

    /// Every diagnostic of kind "endian-conversion" in `diags` whose address can be read.
    static QVector<EndianEvent> fromDiagnostics(const std::vector<Diagnostic>& diags);
};

} // namespace clstep::ui
