#include "WatchPane.h"

#include "Theme.h"

#include <QAction>
#include <QHeaderView>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <utility>

namespace clstep::ui {

WatchPane::WatchPane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_input = new QLineEdit;
    m_input->setObjectName(QStringLiteral("watchInput"));
    m_input->setPlaceholderText(tr("watch an expression, e.g. partial[lid + stride]  (Enter)"));
    m_input->setFont(Theme::codeFont());
    layout->addWidget(m_input);
    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("watchList"));
    m_list->setHeaderLabels({tr("expression"), tr("value"), tr("type")});
    m_list->setRootIsDecorated(false);
    m_list->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_list->setColumnWidth(0, 240);
    m_list->setColumnWidth(1, 200);
    layout->addWidget(m_list, 1);
    auto* remove = new QAction(tr("Remove watch"), m_list);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_list->addAction(remove);
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(remove, &QAction::triggered, this, &WatchPane::removeSelected);
    for (const auto& [kind, text] : {std::pair{debug::WatchKind::Write, tr("Break when written")},
                                     std::pair{debug::WatchKind::Change, tr("Break when changed")},
                                     std::pair{debug::WatchKind::Read, tr("Break when read")}}) {
        auto* a = new QAction(text, m_list);
        m_list->addAction(a);
        connect(a, &QAction::triggered, this, [this, k = kind] {
            for (QTreeWidgetItem* it : m_list->selectedItems())
                emit watchpointRequested(it->text(0), k);
        });
    }
    connect(m_input, &QLineEdit::returnPressed, this, [this] {
        addExpression(m_input->text());
        m_input->clear();
    });
}

void WatchPane::addExpression(const QString& expression) {
    const QString e = expression.trimmed();
    if (e.isEmpty() || m_expressions.contains(e)) return;
    m_expressions << e;
    auto* item = new QTreeWidgetItem(m_list, {e, tr("…"), QString()});
    item->setFont(0, Theme::codeFont());
    // long expressions stay readable: widen the column to fit them (never narrower)
    const int before = m_list->columnWidth(0);
    m_list->resizeColumnToContents(0);
    if (m_list->columnWidth(0) < before) m_list->setColumnWidth(0, before);
    emit expressionsChanged(m_expressions);
}

void WatchPane::removeSelected() {
    for (QTreeWidgetItem* it : m_list->selectedItems()) {
        m_expressions.removeAll(it->text(0));
        delete it;
    }
    emit expressionsChanged(m_expressions);
}

void WatchPane::setState(const SessionState& state) {
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem* it = m_list->topLevelItem(i);
        const auto found = std::find_if(
            state.watches.begin(), state.watches.end(), [&](const debug::EvalResult& r) {
                return QString::fromStdString(r.expression) == it->text(0);
            });
        if (found == state.watches.end()) continue;
        const size_t index = static_cast<size_t>(found - state.watches.begin());
        const bool aside = index < state.watchAside.size() && state.watchAside[index];
        QFont italic = Theme::codeFont();
        italic.setItalic(aside);
        it->setFont(0, italic);
        it->setForeground(0, aside ? Theme::uninitializedText() : palette().text());
        if (aside) {
            it->setText(1, tr("set aside: not in this kernel"));
            it->setText(2, QString());
            it->setForeground(1, Theme::uninitializedText());
            it->setToolTip(0, tr("This watch names something the kernel does not declare; it is "
                                 "kept for when you open a kernel that does."));
            it->setToolTip(1, it->toolTip(0));
        } else if (found->ok) {
            it->setToolTip(0, QString());
            it->setText(1, QString::fromStdString(found->value));
            it->setText(2, QString::fromStdString(found->type));
            it->setForeground(1, palette().text());
            it->setToolTip(1, QString::fromStdString(found->value));
        } else {
            it->setToolTip(0, QString());
            it->setText(1, QString::fromStdString(found->error));
            it->setText(2, QString());
            it->setForeground(1, Theme::uninitializedText());
            it->setToolTip(1, QString::fromStdString(
                                  found->error + (found->hint.empty() ? "" : "\n" + found->hint)));
        }
        it->setFont(1, Theme::codeFont());
    }
}

} // namespace clstep::ui
