#pragma once

#include "SessionState.h"

#include <QAbstractTableModel>

namespace clstep::ui {

/// The session trace (Snapshot::trace): every __global/__constant/__local read and write and
/// every runtime diagnostic, newest first, with the work-item, address, value and line.
class TraceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SequenceColumn,
        StepColumn,
        WorkItemColumn,
        KindColumn,
        AddressColumn,
        ValueColumn,
        LineColumn,
        ColumnCount
    };
    enum Role {
        AddressRole = Qt::UserRole + 1, ///< qulonglong: encoded address (0 for diagnostics)
        LineRole,                       ///< int: source line of the access
        WorkItemRole,                   ///< QVariantList: global id
    };

    explicit TraceModel(QObject* parent = nullptr);
    void setSnapshot(SnapshotPtr snapshot);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    const debug::TraceEntry* entry(int row) const;

    SnapshotPtr m_snapshot;
    std::shared_ptr<const std::vector<debug::TraceEntry>> m_entries;
    int m_dims = 1;
};

} // namespace clstep::ui
