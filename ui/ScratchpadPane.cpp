#include "ScratchpadPane.h"

#include "ScratchpadModel.h"
#include "Theme.h"

#include "repl/Repl.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QToolButton>
#include <QVBoxLayout>

namespace clstep::ui {

ScratchpadPane::ScratchpadPane(QWidget* parent)
    : QWidget(parent), m_repl(std::make_unique<repl::Repl>()) {
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // keep the thread: entries come one after another
    m_model = new ScratchpadModel(this);
    m_view = new QListView;
    m_view->setObjectName(QStringLiteral("scratchpadView"));
    m_view->setModel(m_model);
    m_view->setUniformItemSizes(false);
    m_view->setWordWrap(false);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);

    m_prompt = new QLabel(QStringLiteral("cl>"));
    m_prompt->setFont(Theme::codeFont());
    m_input = new QLineEdit;
    m_input->setObjectName(QStringLiteral("scratchpadInput"));
    m_input->setFont(Theme::codeFont());
    m_input->setPlaceholderText(
        tr("OpenCL C: float4 v = (float4)(1,2,3,4);   then   v.wzyx * 2   (:help lists commands)"));
    m_input->setToolTip(tr("Enter evaluates; Up/Down walk the history; an open bracket continues "
                           "the entry on the next line"));
    m_input->installEventFilter(this);
    connect(m_input, &QLineEdit::returnPressed, this, &ScratchpadPane::onReturn);
    auto* clear = new QToolButton;
    clear->setText(tr("Clear"));
    clear->setToolTip(tr("Clear the output (declarations and variables stay)"));
    connect(clear, &QToolButton::clicked, this, &ScratchpadPane::clearOutput);
    auto* restartButton = new QToolButton;
    restartButton->setText(tr("Restart"));
    restartButton->setToolTip(tr("Start a fresh scratchpad: forget declarations and variables"));
    connect(restartButton, &QToolButton::clicked, this, &ScratchpadPane::restart);

    auto* line = new QHBoxLayout;
    line->setContentsMargins(0, 0, 0, 0);
    line->addWidget(m_prompt);
    line->addWidget(m_input, 1);
    line->addWidget(clear);
    line->addWidget(restartButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_view, 1);
    layout->addLayout(line);
    setFocusProxy(m_input);
}

ScratchpadPane::~ScratchpadPane() {
    m_pool.waitForDone(); // the entry running uses m_repl
}

bool ScratchpadPane::submit(const QString& entry) {
    if (m_busy || entry.trimmed().isEmpty()) return false;
    m_busy = true;
    const int number = ++m_entries;
    const int row = m_model->addPending(number, entry);
    m_view->scrollToBottom();
    repl::Repl* engine = m_repl.get();
    m_pool.start([this, engine, row, number, entry] {
        const repl::ReplResult result = engine->submit(entry.toStdString());
        const ScratchpadEntry e =
            ScratchpadModel::fromResult(number, entry, result, engine->sources());
        // queued to the pane's thread; the destructor waits for this job, so `this` lives
        QMetaObject::invokeMethod(
            this, [this, row, e] { finish(row, e); }, Qt::QueuedConnection);
    });
    return true;
}

void ScratchpadPane::finish(int row, const ScratchpadEntry& entry) {
    m_busy = false;
    m_model->setEntry(row, entry);
    m_view->scrollToBottom();
    emit evaluated(row);
}

void ScratchpadPane::clearOutput() {
    m_model->clear();
}

void ScratchpadPane::restart() {
    m_pool.waitForDone();
    QCoreApplication::sendPostedEvents(this); // deliver the finished entry first
    m_repl = std::make_unique<repl::Repl>();
    m_entries = 0;
    m_busy = false;
    m_accumulator.clear();
    m_pendingLines.clear();
    m_prompt->setText(QStringLiteral("cl>"));
    m_model->clear();
}

void ScratchpadPane::onReturn() {
    if (m_busy) {
        QApplication::beep(); // one entry at a time; the text stays
        return;
    }
    const QString line = m_input->text();
    if (line.trimmed().isEmpty() && m_pendingLines.isEmpty()) return;
    m_input->clear();
    if (!m_accumulator.addLine(line.toStdString())) {
        m_pendingLines << line;
        m_prompt->setText(QStringLiteral("..."));
        return;
    }
    m_pendingLines.clear();
    m_prompt->setText(QStringLiteral("cl>"));
    const QString entry = QString::fromStdString(m_accumulator.take());
    if (m_history.isEmpty() || m_history.back() != entry) m_history << entry;
    m_historyPos = static_cast<int>(m_history.size());
    m_draft.clear();
    submit(entry);
}

void ScratchpadPane::browseHistory(int direction) {
    if (m_history.isEmpty()) return;
    const int size = static_cast<int>(m_history.size());
    if (m_historyPos == size) m_draft = m_input->text();
    m_historyPos = std::clamp(m_historyPos + direction, 0, size);
    QString text = m_historyPos == size ? m_draft : m_history[m_historyPos];
    m_input->setText(text.replace(QLatin1Char('\n'), QLatin1Char(' ')));
}

bool ScratchpadPane::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Up || key == Qt::Key_Down) {
            browseHistory(key == Qt::Key_Up ? -1 : 1);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace clstep::ui
