#include "WorkItemGrid.h"

#include "ElidedLabel.h"

#include "LaneStyle.h"
#include "Theme.h"
#include "WorkItemCellDelegate.h"
#include "WorkItemGridModel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSpinBox>
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
    second->addWidget(m_subGroupLabel, 0, Qt::AlignTop);
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
    second->addWidget(m_subGroupSize, 0, Qt::AlignTop);

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
    layout->addWidget(m_view, 1);
    m_lanes = new QLabel;
    m_lanes->setObjectName(QStringLiteral("laneSummary"));
    m_lanes->setWordWrap(true);
    m_lanes->setVisible(false);
    layout->addWidget(m_lanes);

    m_legend = new QWidget;
    new QGridLayout(m_legend); // three chips a row: narrow enough for a projector's fonts
    m_legend->layout()->setContentsMargins(0, 0, 0, 0);
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
    m_view->verticalHeader()->setDefaultSectionSize(static_cast<int>(h * 2.8));
    m_view->horizontalHeader()->setMinimumSectionSize(h * 2);
    rebuildLegend();
}

QSize WorkItemGrid::sizeHint() const {
    const int h = QFontMetrics(font()).height();
    return {h * 30, h * 18}; // room for a 4x4 group with headers, selector and legend
}

void WorkItemGrid::rebuildLegend() {
    QLayout* l = m_legend->layout();
    while (QLayoutItem* it = l->takeAt(0)) {
        delete it->widget();
        delete it;
    }
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
    m_legendColumns = 0;
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
    auto* grid = static_cast<QGridLayout*>(m_legend->layout());
    int widest = 1;
    QList<QLabel*> shown;
    for (QLabel* chip : m_chips) {
        widest = std::max(widest, chip->sizeHint().width());
        if (shownInLegend(chip)) shown << chip;
    }
    // the room beside the sub-group selector
    const int spacing = std::max(0, grid->horizontalSpacing());
    const int room = width() - m_subGroupLabel->sizeHint().width() -
                     m_subGroupSize->sizeHint().width() - 4 * spacing - 8;
    const int columns = std::clamp((room + spacing) / (widest + spacing), 1,
                                   std::max<int>(1, static_cast<int>(shown.size())));
    m_legend->setMinimumWidth(widest);
    m_legendScroll->setMinimumWidth(widest);
    if (columns == m_legendColumns) return;
    m_legendColumns = columns;
    while (QLayoutItem* it = grid->takeAt(0))
        delete it; // the chips stay, children of the legend
    for (int c = 0; c < grid->columnCount(); ++c)
        grid->setColumnStretch(c, 0);
    int n = 0;
    for (QLabel* chip : m_chips) {
        // a hidden chip keeps no cell: the shown ones pack
        const int at = shownInLegend(chip) ? n++ : n;
        grid->addWidget(chip, at / columns, at % columns);
    }
    grid->setColumnStretch(columns, 1);
    // three rows of chips high (the rest scroll), or the whole legend when it is shorter
    const int rows = (n + columns - 1) / columns;
    const int chipHeight = m_chips.isEmpty() ? 0 : m_chips.front()->sizeHint().height();
    const int spacingV = std::max(0, grid->verticalSpacing());
    const int shownRows = std::min(rows, 3);
    m_legendScroll->setFixedHeight(shownRows * chipHeight + std::max(0, shownRows - 1) * spacingV);
    m_legendScroll->setToolTip(rows > 2 ? tr("Scroll for the rest of the legend") : QString());
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
        m_legendColumns = 0;
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
