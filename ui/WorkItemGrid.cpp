#include "WorkItemGrid.h"

#include "ElidedLabel.h"

#include "LaneStyle.h"
#include "Theme.h"
#include "WorkItemCellDelegate.h"
#include "WorkItemGridModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace clstep::ui {

WorkItemGrid::WorkItemGrid(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Work-group")));
    const char* axes[3] = {"x ", "y ", "z "};
    for (int d = 0; d < 3; ++d) {
        m_group[d] = new QSpinBox;
        m_group[d]->setPrefix(QString::fromLatin1(axes[d]));
        m_group[d]->setObjectName(QStringLiteral("groupSpin%1").arg(d));
        m_group[d]->setToolTip(
            tr("Selected work-group id in dimension %1 (earlier groups run to completion first)")
                .arg(d));
        connect(m_group[d], &QSpinBox::editingFinished, this, &WorkItemGrid::onGroupEdited);
        connect(m_group[d], qOverload<int>(&QSpinBox::valueChanged), this, [this] {
            if (!m_updating && !m_group[0]->hasFocus() && !m_group[1]->hasFocus() &&
                !m_group[2]->hasFocus())
                onGroupEdited();
        });
        top->addWidget(m_group[d]);
    }
    m_groupsDone = new ElidedLabel; // never widens the dock; elided with a tooltip
    m_groupsDone->setObjectName(QStringLiteral("groupsDone"));
    top->addWidget(m_groupsDone, 1);
    layout->addLayout(top);
    // the sub-group size beside the legend, not on the row of work-group spin boxes: with
    // presentation fonts that row was wider than a 1024-pixel projector allows, and a row of
    // its own took the height of a row of tiles
    auto* second = new QHBoxLayout;
    m_subGroupLabel = new QLabel(tr("Sub-group"));
    // the label above the chooser: the legend beside them gets the width
    auto* selector = new QVBoxLayout;
    selector->setSpacing(1);
    selector->addWidget(m_subGroupLabel);
    m_subGroupSize = new QComboBox;
    m_subGroupSize->setObjectName(QStringLiteral("subGroupSize"));
    m_subGroupSize->setToolTip(tr("Work-items per sub-group (SIMD lanes): get_sub_group_size(), "
                                  "the simt schedule and the efficiency statistics use it"));
    // in numeric order, the vendors' names where one exists (1, 2, 4, SIMD 8, ... 1024)
    for (int n = 1; n <= 1024; n *= 2) {
        QString label = QString::number(n);
        for (const auto& [name, size] : LaneStyle::presets())
            if (size == n) label = name;
        m_subGroupSize->addItem(label, n);
    }
    m_subGroupSize->setCurrentIndex(m_subGroupSize->findData(32));
    connect(m_subGroupSize, qOverload<int>(&QComboBox::activated), this,
            [this](int i) { emit subGroupSizeRequested(m_subGroupSize->itemData(i).toInt()); });
    selector->addWidget(m_subGroupSize);
    selector->addStretch(1);
    second->addLayout(selector);

    m_model = new WorkItemGridModel(this);
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("workItemGrid"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new WorkItemCellDelegate(m_view));
    m_view->setShowGrid(false);
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setFocusPolicy(Qt::NoFocus);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    connect(m_view, &QTableView::clicked, this, &WorkItemGrid::onCellClicked);
    m_view->installEventFilter(this);
    connect(m_model, &QAbstractItemModel::modelReset, this, &WorkItemGrid::fitTiles);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &WorkItemGrid::fitTiles);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &WorkItemGrid::fitTiles);
    layout->addWidget(m_view, 1);
    m_lanes = new QLabel;
    m_lanes->setObjectName(QStringLiteral("laneSummary"));
    m_lanes->setWordWrap(true);
    m_lanes->setVisible(false);
    layout->addWidget(m_lanes);

    m_legend = new QWidget;
    // the chips flow in rows as wide as the pane allows (flowLegend())
    auto* legendRows = new QVBoxLayout(m_legend);
    legendRows->setContentsMargins(0, 0, 0, 0);
    legendRows->setSpacing(4);
    // at most three rows of chips on screen, the rest scrolled: a narrow pane with the simt lane
    // chips took the height of every row of tiles and grew the window past the screen
    m_legendScroll = new QScrollArea;
    m_legendScroll->setObjectName(QStringLiteral("legendScroll"));
    m_legendScroll->setWidget(m_legend);
    m_legendScroll->setWidgetResizable(true);
    m_legendScroll->setFrameShape(QFrame::NoFrame);
    m_legendScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    second->insertWidget(0, m_legendScroll, 1);
    layout->addLayout(second);
    applyTheme();
}

void WorkItemGrid::applyTheme() {
    const QFontMetrics fm(font());
    const int h = fm.height();
    m_view->horizontalHeader()->setDefaultSectionSize(h * 3);
    m_tileHeight = static_cast<int>(h * 2.8);
    m_view->verticalHeader()->setDefaultSectionSize(m_tileHeight);
    m_view->horizontalHeader()->setMinimumSectionSize(h * 2);
    rebuildLegend();
    fitTiles();
}

bool WorkItemGrid::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && event->type() == QEvent::Resize) fitTiles();
    return QWidget::eventFilter(watched, event);
}

void WorkItemGrid::fitTiles() {
    const int rows = m_model->rowCount();
    if (rows <= 0 || m_tileHeight <= 0) return;
    // the room under the header; a horizontal scroll bar, when shown, takes its height
    int room =
        m_view->height() - 2 * m_view->frameWidth() -
        (m_view->horizontalHeader()->isVisible() ? m_view->horizontalHeader()->sizeHint().height()
                                                 : 0);
    if (m_view->horizontalScrollBar()->isVisible())
        room -= m_view->horizontalScrollBar()->sizeHint().height();
    const int smallest = static_cast<int>(QFontMetrics(font()).height() * 1.6); // the id
    const int tile = std::clamp(room / rows, smallest, m_tileHeight);
    if (m_view->verticalHeader()->defaultSectionSize() != tile)
        m_view->verticalHeader()->setDefaultSectionSize(tile);
}

QSize WorkItemGrid::sizeHint() const {
    const int h = QFontMetrics(font()).height();
    return {h * 30, h * 18}; // room for a 4x4 group with headers, selector and legend
}

void WorkItemGrid::rebuildLegend() {
    QLayout* l = m_legend->layout();
    while (QLayoutItem* it = l->takeAt(0)) {
        if (QLayout* row = it->layout())
            while (QLayoutItem* c = row->takeAt(0))
                delete c;
        delete it;
    }
    qDeleteAll(m_chips); // (in the rows of the legend's flow: not items of its own layout)
    m_chips.clear();
    using S = debug::WorkItemState;
    for (S s : {S::NotStarted, S::Ready, S::AtBarrier, S::AtBreakpoint, S::Finished, S::Error}) {
        auto* chip = new QLabel(QString::fromLatin1(debug::workItemStateName(s)));
        const QColor bg = Theme::workItemState(s);
        chip->setStyleSheet(
            QStringLiteral("QLabel{background:%1;color:%2;border-radius:4px;padding:1px 5px;}")
                .arg(bg.name(), Theme::textOn(bg).name()));
        m_chips << chip;
    }
    using L = debug::Scheduler::LaneState;
    for (L s : {L::Active, L::Masked, L::AtBarrier, L::Finished}) { // simt lane bars
        auto* chip = new QLabel(tr("lane %1").arg(LaneStyle::name(s)));
        chip->setObjectName(QStringLiteral("laneChip"));
        chip->setStyleSheet(
            QStringLiteral("QLabel{background:%1;color:%2;border-radius:4px;padding:1px 5px;}")
                .arg(LaneStyle::colour(s).name(), Theme::textOn(LaneStyle::colour(s)).name()));
        chip->setVisible(m_model->laneView());
        m_chips << chip;
    }
    m_legendArrangement.clear();
    flowLegend();
}

void WorkItemGrid::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    flowLegend();
}

bool WorkItemGrid::shownInLegend(const QLabel* chip) const {
    // the lane chips only under the simt schedule
    return chip->objectName() != QLatin1String("laneChip") || m_model->laneView();
}

void WorkItemGrid::flowLegend() {
    auto* rowsLayout = static_cast<QVBoxLayout*>(m_legend->layout());
    // under simt the lane chips first: the lane bars are what the schedule shows
    QList<QLabel*> order;
    for (bool lanes : {true, false})
        for (QLabel* chip : m_chips)
            if ((chip->objectName() == QLatin1String("laneChip")) ==
                    (lanes == m_model->laneView()) &&
                shownInLegend(chip))
                order << chip;
    // the room beside the sub-group selector (its label above it)
    constexpr int spacing = 4;
    const int selector =
        std::max(m_subGroupLabel->sizeHint().width(), m_subGroupSize->sizeHint().width());
    // (less the legend's scroll bar)
    const int room = std::max(1, width() - selector - 3 * spacing - 12 -
                                     style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    // chips in their own widths, as many on a row as the room allows (a flow)
    QList<QList<QLabel*>> rows;
    int used = room + 1, widest = 1;
    for (QLabel* chip : order) {
        const int w = chip->sizeHint().width();
        widest = std::max(widest, w);
        if (used + spacing + w > room) {
            rows.append(QList<QLabel*>());
            used = -spacing;
        }
        rows.last() << chip;
        used += spacing + w;
    }
    m_legend->setMinimumWidth(widest);
    m_legendScroll->setMinimumWidth(widest);
    QStringList arrangement;
    for (const auto& row : rows) {
        QStringList names;
        for (QLabel* chip : row)
            names << chip->text();
        arrangement << names.join(QLatin1Char(','));
    }
    const QString key = arrangement.join(QLatin1Char(';'));
    if (key == m_legendArrangement) return;
    m_legendArrangement = key;
    while (QLayoutItem* it = rowsLayout->takeAt(0)) {
        if (QLayout* row = it->layout())
            while (QLayoutItem* c = row->takeAt(0))
                delete c; // the chips stay, children of the legend
        delete it;
    }
    for (QLabel* chip : m_chips)
        chip->setVisible(shownInLegend(chip));
    for (const auto& row : rows) {
        auto* line = new QHBoxLayout;
        line->setSpacing(spacing);
        for (QLabel* chip : row)
            line->addWidget(chip);
        line->addStretch(1);
        rowsLayout->addLayout(line);
    }
    rowsLayout->addStretch(1);
    // two rows of chips high (the rest scroll, and the tooltip names every colour), or the
    // whole legend when it is shorter: three rows took the height of a row of tiles
    const int chipHeight = m_chips.isEmpty() ? 0 : m_chips.front()->sizeHint().height();
    const int shownRows = std::min<int>(static_cast<int>(rows.size()), 2);
    m_legendScroll->setFixedHeight(shownRows * chipHeight + std::max(0, shownRows - 1) * spacing);
    QStringList all;
    for (QLabel* chip : order)
        all << chip->text();
    m_legendScroll->setToolTip(
        rows.size() > shownRows
            ? tr("Scroll for the rest of the legend: %1").arg(all.join(QStringLiteral(", ")))
            : QString());
}

void WorkItemGrid::setState(const SessionState& state) {
    m_updating = true;
    const debug::Snapshot* s = state.snapshot.get();
    for (int d = 0; d < 3; ++d) {
        const uint64_t n = s ? s->numGroups[static_cast<size_t>(d)] : 1;
        m_group[d]->setRange(0, static_cast<int>(std::max<uint64_t>(1, n) - 1));
        m_group[d]->setSuffix(QStringLiteral(" / %1").arg(n));
        if (!m_group[d]->hasFocus() && s)
            m_group[d]->setValue(static_cast<int>(s->group[static_cast<size_t>(d)]));
        m_group[d]->setVisible(d == 0 || static_cast<uint32_t>(d) < state.range.dims);
        m_group[d]->setEnabled(state.launched);
    }
    if (s) {
        const uint64_t total = s->numGroups[0] * s->numGroups[1] * s->numGroups[2];
        m_groupsDone->setFullText(tr("%1 of %2 work-groups finished · %3 work-items in this group")
                                      .arg(s->groupsFinished)
                                      .arg(total)
                                      .arg(s->workItems.size()));
    }
    m_model->setSnapshot(state.snapshot);
    updateLanes(state);
    m_updating = false;
}

void WorkItemGrid::updateLanes(const SessionState& state) {
    const bool simt = state.policy == debug::SchedulePolicy::Simt;
    if (simt != m_model->laneView()) {
        m_model->setLaneView(simt);
        for (QLabel* chip : m_legend->findChildren<QLabel*>(QStringLiteral("laneChip")))
            chip->setVisible(simt);
        m_legendArrangement.clear();
        flowLegend();
    }
    if (!m_subGroupSize->hasFocus())
        if (const int i = m_subGroupSize->findData(static_cast<int>(state.subGroupSize)); i >= 0)
            m_subGroupSize->setCurrentIndex(i);
    const debug::Snapshot* s = state.snapshot.get();
    m_lanes->setVisible(simt && s && !s->workItems.empty());
    if (!m_lanes->isVisible()) return;
    using L = debug::Scheduler::LaneState;
    const size_t size = std::max<uint32_t>(1, s->subGroupSize);
    // one line per sub-group with masked lanes or a split; the others in one line
    QStringList parts;
    size_t together = 0, groups = 0;
    for (size_t first = 0, sg = 0; first < s->workItems.size(); first += size, ++sg) {
        ++groups;
        std::array<int, 4> n{};
        for (size_t i = first; i < std::min(s->workItems.size(), first + size); ++i)
            ++n[static_cast<size_t>(s->workItems[i].lane)];
        const bool split = sg < s->subGroupSplits.size() && s->subGroupSplits[sg].valid();
        if (!split && n[static_cast<size_t>(L::Masked)] == 0) {
            ++together;
            continue;
        }
        QString text = tr("sub-group %1: %2 active, %3 masked, %4 finished")
                           .arg(sg)
                           .arg(n[static_cast<size_t>(L::Active)])
                           .arg(n[static_cast<size_t>(L::Masked)])
                           .arg(n[static_cast<size_t>(L::Finished)]);
        if (n[static_cast<size_t>(L::AtBarrier)])
            text += tr(", %1 at barrier").arg(n[static_cast<size_t>(L::AtBarrier)]);
        if (split)
            text += tr(" — split by the branch at line %1").arg(s->subGroupSplits[sg].begin.line);
        parts << text;
    }
    if (together > 0)
        parts << (together == groups
                      ? tr("all %1 sub-groups of %2 lanes: no lane masked").arg(groups).arg(size)
                      : tr("the other %1 sub-groups: no lane masked").arg(together));
    // at most two lines: more (a group of many sub-groups) squeezed the grid and grew the
    // window past a 1024x768 screen; the whole summary is the tooltip
    m_lanes->setToolTip(parts.size() > 2 ? parts.join(QStringLiteral("<br>")) : QString());
    if (parts.size() > 2)
        parts = QStringList{parts.front(),
                            tr("… and %1 more lines (hover for all)").arg(parts.size() - 1)};
    m_lanes->setText(parts.join(QLatin1Char('\n')));
}

void WorkItemGrid::onGroupEdited() {
    if (m_updating) return;
    emit groupRequested({static_cast<uint64_t>(m_group[0]->value()),
                         static_cast<uint64_t>(m_group[1]->value()),
                         static_cast<uint64_t>(m_group[2]->value())});
}

void WorkItemGrid::onCellClicked(const QModelIndex& index) {
    const QVariantList local = index.data(WorkItemGridModel::LocalIdRole).toList();
    if (local.size() != 3) return;
    emit workItemRequested(
        {local[0].toULongLong(), local[1].toULongLong(), local[2].toULongLong()});
}

} // namespace clstep::ui
