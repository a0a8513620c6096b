#include "MultiWatchPane.h"

#include "MultiWatchModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace clstep::ui {

MultiWatchPane::MultiWatchPane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    m_expression = new QLineEdit;
    m_expression->setObjectName(QStringLiteral("multiWatchExpression"));
    m_expression->setPlaceholderText(tr("expression on every work-item, e.g. lid.x + lid.y * 16 "
                                        "or partial[lid]"));
    m_expression->setToolTip(
        tr("An OpenCL C expression evaluated in the scope of each work-item of the group. "
           "lid, gid and grp are the local, global and group ids: lid.x, lid.y, lid.z, or lid "
           "alone for the linear local id"));
    top->addWidget(m_expression, 1);
    m_mode = new QComboBox;
    m_mode->setObjectName(QStringLiteral("multiWatchMode"));
    m_mode->addItem(tr("numbers"));
    m_mode->addItem(tr("colours"));
    top->addWidget(m_mode);
    layout->addLayout(top);

    m_model = new MultiWatchModel(this);
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("multiWatchGrid"));
    m_view->setModel(m_model);
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    layout->addWidget(m_view, 1);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("multiWatchStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(m_expression, &QLineEdit::returnPressed, this,
            [this] { emit expressionChanged(m_expression->text().trimmed()); });
    connect(m_mode, qOverload<int>(&QComboBox::activated), this, [this] { applyMode(); });
    connect(m_view, &QTableView::clicked, this, [this](const QModelIndex& index) {
        const QVariantList local = index.data(MultiWatchModel::LocalIdRole).toList();
        if (local.size() != 3) return;
        emit workItemRequested(
            {local[0].toULongLong(), local[1].toULongLong(), local[2].toULongLong()});
    });
    applyMode();
}

void MultiWatchPane::setExpression(const QString& expression) {
    m_expression->setText(expression);
    emit expressionChanged(expression.trimmed());
}

void MultiWatchPane::setColours(bool on) {
    m_mode->setCurrentIndex(on ? 1 : 0);
    applyMode();
}

void MultiWatchPane::applyMode() {
    const bool colours = m_mode->currentIndex() == 1;
    m_model->setMode(colours ? MultiWatchModel::Mode::Colours : MultiWatchModel::Mode::Numbers);
    const int h = QFontMetrics(font()).height();
    m_view->horizontalHeader()->setDefaultSectionSize(colours ? h * 2 : h * 4);
    m_view->verticalHeader()->setDefaultSectionSize(colours ? h * 2 : static_cast<int>(h * 1.5));
}

void MultiWatchPane::setState(const SessionState& state) {
    m_model->setState(state);
    if (state.multiWatch.isEmpty()) {
        m_status->setText(tr("Type an expression and press Enter."));
        return;
    }
    QString text;
    if (m_model->rowCount() > 0 && m_model->maximum() > m_model->minimum())
        text = tr("scale: %1 (blue) … %2 (red)").arg(m_model->minimum()).arg(m_model->maximum());
    if (m_model->failures() > 0)
        text += (text.isEmpty() ? QString() : QStringLiteral(" · ")) +
                tr("no value on %1 work-item(s): %2")
                    .arg(m_model->failures())
                    .arg(m_model->firstError());
    m_status->setText(text);
}

} // namespace clstep::ui
