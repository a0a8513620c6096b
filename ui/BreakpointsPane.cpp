#include "BreakpointsPane.h"

#include "Theme.h"

#include "core/AddressSpace.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace clstep::ui {

BreakpointsPane::BreakpointsPane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* hint = new QLabel(tr("Right-click the editor margin to add a breakpoint, a condition "
                               "or a hit count; right-click a watch to break on its writes."));
    hint->setWordWrap(true);
    layout->addWidget(hint);
    m_list = new QTreeWidget;
    m_list->setObjectName(QStringLiteral("breakpointsList"));
    m_list->setHeaderLabels({tr("breakpoint"), tr("condition"), tr("hit count"), tr("hits")});
    m_list->setRootIsDecorated(false);
    m_list->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_list->setColumnWidth(WhatColumn, 200);
    m_list->setColumnWidth(ConditionColumn, 160);
    layout->addWidget(m_list, 1);
    auto* remove = new QAction(tr("Delete"), m_list);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_list->addAction(remove);
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(remove, &QAction::triggered, this, &BreakpointsPane::removeSelected);
    connect(m_list, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* it, int column) {
        if (m_filling || column != WhatColumn) return;
        const int key = it->data(WhatColumn, KeyRole).toInt();
        const bool on = it->checkState(WhatColumn) == Qt::Checked;
        if (key > 0)
            emit breakpointEnabledChanged(key, on);
        else if (key < 0)
            emit watchpointEnabledChanged(-key, on);
    });
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* it) {
        const int key = it->data(WhatColumn, KeyRole).toInt();
        if (key > 0) emit lineActivated(key);
    });
}

void BreakpointsPane::setState(const SessionState& state) {
    const QTreeWidgetItem* current = m_list->currentItem();
    const int selectedKey = current ? current->data(WhatColumn, KeyRole).toInt() : 0;
    m_filling = true;
    m_list->clear();
    auto add = [&](int key, const QString& what, const QString& condition, const QString& hitCount,
                   uint64_t hits, bool enabled) {
        auto* it = new QTreeWidgetItem(m_list, {what, condition, hitCount, QString::number(hits)});
        it->setData(WhatColumn, KeyRole, key);
        it->setFlags(it->flags() | Qt::ItemIsUserCheckable);
        it->setCheckState(WhatColumn, enabled ? Qt::Checked : Qt::Unchecked);
        it->setFont(ConditionColumn, Theme::codeFont());
        if (!enabled)
            for (int c = 0; c < ColumnCount; ++c)
                it->setForeground(c, Theme::uninitializedText());
        it->setToolTip(WhatColumn, enabled ? tr("enabled: untick to keep it without stopping")
                                           : tr("disabled: it does not stop the run"));
        if (key == selectedKey) m_list->setCurrentItem(it);
    };
    for (const debug::Breakpoint& b : state.breakpoints) {
        QString condition = QString::fromStdString(b.condition);
        for (const QString& e : state.breakpointErrors)
            if (e.startsWith(QStringLiteral("line %1:").arg(b.line)))
                condition = tr("(does not compile: always stops)");
        add(static_cast<int>(b.line), tr("line %1").arg(b.line), condition,
            b.hitCount > 1 ? tr("from hit %1").arg(b.hitCount) : QString(), b.hits, b.enabled);
    }
    for (const debug::Watchpoint& w : state.watchpoints) {
        const QString what = w.expression.empty()
                                 ? QStringLiteral("%1 '%2'+%3")
                                       .arg(QString::fromLatin1(addressSpaceName(w.space)),
                                            QString::fromStdString(w.bufferName))
                                       .arg(w.offset)
                                 : QString::fromStdString(w.expression);
        add(-w.id,
            tr("watch %1 of %2").arg(QString::fromLatin1(debug::watchKindName(w.kind)), what),
            tr("%n byte(s)", nullptr, static_cast<int>(w.size)), QString(), w.hits, w.enabled);
    }
    m_filling = false;
}

void BreakpointsPane::removeSelected() {
    for (QTreeWidgetItem* it : m_list->selectedItems()) {
        const int key = it->data(WhatColumn, KeyRole).toInt();
        if (key > 0)
            emit breakpointRemoved(key);
        else if (key < 0)
            emit watchpointRemoved(-key);
    }
}

} // namespace clstep::ui
