#pragma once

#include "SessionState.h"

#include <QAbstractTableModel>

namespace clstep::ui {

/// Build, launch and runtime diagnostics as a table. A data race names both work-items and
/// both lines.
class DiagnosticsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SeverityColumn,
        LineColumn,
        KindColumn,
        MessageColumn,
        WorkItemsColumn,
        CountColumn,
        ColumnCount
    };
    enum Role {
        LineRole = Qt::UserRole + 1, ///< int: 1-based line of the main range (0 if elsewhere)
        SecondLineRole,              ///< int: line of the second access / first note (0 none)
        FirstWorkItemRole, ///< QVariantList: global id of the first work-item (empty none)
        KindRole,          ///< QString: rule id (`data-race`)
        SeverityRole,      ///< int: clstep::Severity
    };

    explicit DiagnosticsModel(QObject* parent = nullptr);

    /// Shows the diagnostics of `state` (only ranges in its main file get line numbers).
    void setState(const SessionState& state);
    const Diagnostic* diagnostic(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int lineOf(const SourceRange& r) const;
    int dims() const;

    SnapshotPtr m_snapshot;
    uint32_t m_mainFile = 0;
};

} // namespace clstep::ui
