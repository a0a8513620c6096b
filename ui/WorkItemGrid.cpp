#include "WorkItemGrid.h"

#include "Theme.h"
#include "WorkItemCellDelegate.h"
#include "WorkItemGridModel.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

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
    m_groupsDone = new QLabel;
    m_groupsDone->setSizePolicy(QSizePolicy::Ignored,
                                QSizePolicy::Preferred); // never widens the dock
    top->addWidget(m_groupsDone, 1);
    layout->addLayout(top);

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

    m_legend = new QWidget;
    new QGridLayout(m_legend); // three chips a row: narrow enough for a projector's fonts
    m_legend->layout()->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_legend);
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
    using S = debug::WorkItemState;
    int n = 0;
    for (S s : {S::NotStarted, S::Ready, S::AtBarrier, S::AtBreakpoint, S::Finished, S::Error}) {
        auto* chip = new QLabel(QString::fromLatin1(debug::workItemStateName(s)));
        const QColor bg = Theme::workItemState(s);
        chip->setStyleSheet(
            QStringLiteral("QLabel{background:%1;color:%2;border-radius:4px;padding:1px 5px;}")
                .arg(bg.name(), (s == S::Error || Theme::dark()) ? QStringLiteral("white")
                                                                 : QStringLiteral("#1a1a1a")));
        static_cast<QGridLayout*>(l)->addWidget(chip, n / 3, n % 3);
        ++n;
    }
    static_cast<QGridLayout*>(l)->setColumnStretch(3, 1);
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
        m_groupsDone->setText(tr("  %1 of %2 work-groups finished · %3 work-items in this group")
                                  .arg(s->groupsFinished)
                                  .arg(total)
                                  .arg(s->workItems.size()));
    }
    m_model->setSnapshot(state.snapshot);
    m_updating = false;
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
