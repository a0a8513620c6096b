#include "EfficiencyPane.h"

#include "EfficiencyModel.h"
#include "ElidedLabel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace clstep::ui {

EfficiencyPane::EfficiencyPane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Per")));
    m_grouping = new QComboBox;
    m_grouping->setObjectName(QStringLiteral("efficiencyGrouping"));
    m_grouping->addItem(tr("source line"));
    m_grouping->addItem(tr("buffer"));
    top->addWidget(m_grouping);
    // the hardware model beside the grouping: elided with the whole text in its tooltip in a
    // narrow dock (it was clipped mid-word on the 1024x768 projector)
    m_hardware = new ElidedLabel;
    m_hardware->setObjectName(QStringLiteral("efficiencyHardware"));
    top->addSpacing(8);
    top->addWidget(m_hardware, 1);
    layout->addLayout(top);

    m_model = new EfficiencyModel(this);
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("efficiencyTable"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_view, 1);
    fitRows();

    connect(m_grouping, qOverload<int>(&QComboBox::activated), this, [this](int i) {
        m_model->setGrouping(i == 0 ? EfficiencyModel::Grouping::ByLine
                                    : EfficiencyModel::Grouping::ByBuffer);
    });
    connect(m_view, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const int line = index.data(EfficiencyModel::LineRole).toInt();
        if (line > 0) emit lineRequested(line);
    });
}

void EfficiencyPane::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitRows();
}

void EfficiencyPane::fitRows() {
    // one line of text per row, as in the memory panes (the style's default is about 30 px:
    // one row of four in the pane's height on a 768-pixel projector)
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
}

void EfficiencyPane::setState(const SessionState& state) {
    const debug::Snapshot* s = state.snapshot.get();
    m_model->setSnapshot(state.snapshot, state.mainFile);
    m_hardware->setFullText(
        s && s->accessStats
            ? tr("%1 rows · sub-group %2 work-items · __local 32 banks × 4 bytes · __global "
                 "128-byte segments")
                  .arg(m_model->rowCount())
                  .arg(s->subGroupSize)
            : tr("no run yet: reset (start) the kernel"));
}

} // namespace clstep::ui
