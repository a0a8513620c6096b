#pragma once

#include "SessionState.h"

#include <QAbstractTableModel>

#include <vector>

namespace clstep::ui {

/// The rows of the Efficiency pane: per source line (or per buffer) the divergence of the
/// sub-groups (branch splits, masked lane-slots) and the memory efficiency of their accesses
/// (`__local` bank conflict degree, `__global`/`__constant` segments and coalescing
/// efficiency), read from Snapshot::divergence and Snapshot::accessStats (debug::Session's
/// AccessStats, any schedule; the figures are per sub-group as under `simt`).
class EfficiencyModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        LineColumn,
        KindColumn,
        BufferColumn,
        CountColumn,
        WorstColumn,
        MeanColumn,
        EfficiencyColumn,
        ColumnCount
    };
    enum Role {
        LineRole = Qt::UserRole + 1, ///< int: source line (0 for a per-buffer row)
        HeatRole,                    ///< int 0..4: how bad the row is (EfficiencyHeat)
    };
    /// Rows per source line and address space/buffer, or summed per buffer.
    enum class Grouping { ByLine, ByBuffer };

    explicit EfficiencyModel(QObject* parent = nullptr);

    /// Shows the statistics of `snapshot` for the lines of file `mainFile`.
    void setSnapshot(SnapshotPtr snapshot, uint32_t mainFile);
    void setGrouping(Grouping g);
    Grouping grouping() const { return m_grouping; }
    /// The displayed text of every cell of row `row`, tab-separated (tests, copying).
    QString rowText(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row {
        bool divergence = false;
        QString lines; ///< "12" or, per buffer, "12, 14"
        int line = 0;
        AccessStatsRecord access;
        DivergenceRecord branch;
    };
    void rebuild();
    QString cell(const Row& r, int column) const;
    QString explain(const Row& r) const;
    int heat(const Row& r) const;

    SnapshotPtr m_snapshot;
    uint32_t m_mainFile = 0;
    Grouping m_grouping = Grouping::ByLine;
    std::vector<Row> m_rows;
};

} // namespace clstep::ui
