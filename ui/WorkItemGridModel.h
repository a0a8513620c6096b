#pragma once

#include "SessionState.h"

#include <QAbstractTableModel>

#include <array>

namespace clstep::ui {

/// The work-items of the selected work-group as a grid: x across, y (and z) down for 2D/3D
/// groups; a 1D group wraps after `wrap` columns (default 8). Each cell knows its work-item's
/// state, line and ids.
class WorkItemGridModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        StateRole = Qt::UserRole + 1, ///< int: debug::WorkItemState
        LinearIdRole,                 ///< int: linear local id (-1 for a padding cell)
        LineRole,                     ///< int: line it will execute next (0 when none)
        SelectedRole,                 ///< bool: the selected work-item
        LocalIdRole,                  ///< QVariantList of 3 local ids
        GlobalIdRole,                 ///< QVariantList of 3 global ids
        LaneRole,          ///< int: debug::Scheduler::LaneState (the `simt` schedule's lanes)
        SubGroupRole,      ///< int: sub-group index (consecutive local linear ids)
        SplitLineRole,     ///< int: line of the branch that split its sub-group, 0 for none
        LaneViewRole,      ///< bool: lanes are shown (the `simt` schedule is chosen)
        SubGroupEdgesRole, ///< int: bit 0 / bit 1: the cell left / above is another sub-group
    };

    explicit WorkItemGridModel(QObject* parent = nullptr);

    void setSnapshot(SnapshotPtr snapshot);
    /// Columns used for a 1D work-group (default 8).
    void setWrap(int columns);
    /// Shows the SIMT lanes (sub-groups, active / masked / finished lanes and the branch that
    /// split them): on under the `simt` schedule.
    void setLaneView(bool on);
    bool laneView() const { return m_laneView; }
    /// Cell of the work-item with linear local id `linear`.
    QModelIndex indexForLinear(size_t linear) const;
    /// Index in Snapshot::workItems of a cell (-1 for padding).
    int itemAt(const QModelIndex& index) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    bool oneDimensional() const;
    int dims() const;
    size_t itemCount() const;

    SnapshotPtr m_snapshot;
    int m_wrap = 8;
    bool m_laneView = false;
    int m_rows = 0;
    int m_columns = 0;
};

} // namespace clstep::ui
