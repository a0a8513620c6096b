#pragma once

#include "SessionState.h"

#include <QWidget>

#include <array>

class QComboBox;
class QLabel;
class QScrollArea;
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

protected:
    void resizeEvent(QResizeEvent* event) override;
    /// The grid view's resizes (fitTiles()).
    bool eventFilter(QObject* watched, QEvent* event) override;

public:
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
    /// Places the legend's visible chips in rows, each chip in its own width and as many on
    /// a row as the pane's width allows (a narrow pane wraps them; the legend never sets the
    /// pane's minimum width beyond one chip), at most two rows high, so the grid keeps the
    /// height for its tiles (issue #31 item 6).
    void flowLegend();
    /// Whether the legend shows `chip` now (the lane chips: only under simt).
    bool shownInLegend(const QLabel* chip) const;
    void updateLanes(const SessionState& state);
    /// Scales the tiles' height so that every row of the group fits the grid's height, from
    /// the full tile (id and line) down to one line (the id) before the grid scrolls; a
    /// squeezed pane showed one row of tiles (issue #31 item 6).
    void fitTiles();

    WorkItemGridModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    std::array<QSpinBox*, 3> m_group{};
    ElidedLabel* m_groupsDone = nullptr;
    QComboBox* m_subGroupSize = nullptr;
    QLabel* m_subGroupLabel = nullptr;
    QLabel* m_lanes = nullptr; ///< per sub-group: active/masked lanes and the split branch
    QWidget* m_legend = nullptr;
    QScrollArea* m_legendScroll = nullptr; ///< the legend, three rows of chips high
    QList<QLabel*> m_chips;                ///< the legend's chips, in order
    QString m_legendArrangement;           ///< the chips of each legend row, as laid out
    int m_tileHeight = 0;                  ///< full height of a tile row (pixels)
    bool m_updating = false;
};

} // namespace clstep::ui
