#pragma once

#include "SessionState.h"

#include <QWidget>

#include <array>

class QComboBox;
class QLabel;
class QSpinBox;
class QTableView;

namespace clstep::ui {

class WorkItemGridModel;
class ElidedLabel;

/// The work-item grid pane: a work-group selector, the grid of the selected group's
/// work-items coloured by state (click selects one) and a colour legend.
class WorkItemGrid : public QWidget {
    Q_OBJECT
public:
    explicit WorkItemGrid(QWidget* parent = nullptr);

    void setState(const SessionState& state);
    WorkItemGridModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QSize sizeHint() const override;
    /// Re-applies fonts and cell sizes (zoom, presentation mode, theme).
    void applyTheme();

signals:
    void groupRequested(const std::array<uint64_t, 3>& group);
    void workItemRequested(const std::array<uint64_t, 3>& local);
    /// The user chose a sub-group size (work-items, a power of two).
    void subGroupSizeRequested(int workItems);

private:
    void onCellClicked(const QModelIndex& index);
    void onGroupEdited();
    void rebuildLegend();
    void updateLanes(const SessionState& state);

    WorkItemGridModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    std::array<QSpinBox*, 3> m_group{};
    ElidedLabel* m_groupsDone = nullptr;
    QComboBox* m_subGroupSize = nullptr;
    QLabel* m_lanes = nullptr; ///< per sub-group: active/masked lanes and the split branch
    QWidget* m_legend = nullptr;
    bool m_updating = false;
};

} // namespace clstep::ui
