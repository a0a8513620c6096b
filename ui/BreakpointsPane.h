#pragma once

#include "SessionState.h"

#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace clstep::ui {

/// The Breakpoints pane: every line breakpoint (line, condition, hit count, times it stopped)
/// and every data watchpoint (what, read/write/change/access, times it stopped), each with a
/// check box that enables or disables it. It shows the Session's list (SessionState); edits
/// go out as signals (the editor owns the line breakpoints, the Session the watchpoints).
class BreakpointsPane : public QWidget {
    Q_OBJECT
public:
    /// Columns of the list.
    enum Column { WhatColumn, ConditionColumn, HitCountColumn, HitsColumn, ColumnCount };
    /// Item data role (on WhatColumn): the breakpoint's line (> 0) or, negated, the
    /// watchpoint's id (< 0).
    static constexpr int KeyRole = Qt::UserRole + 1;

    explicit BreakpointsPane(QWidget* parent = nullptr);
    /// Rebuilds the list from `state` (keeps the selection by key).
    void setState(const SessionState& state);
    QTreeWidget* list() const { return m_list; }

signals:
    void breakpointEnabledChanged(int line, bool enabled);
    void watchpointEnabledChanged(int id, bool enabled);
    void breakpointRemoved(int line);
    void watchpointRemoved(int id);
    /// A breakpoint row was activated (double click, Enter): show its line.
    void lineActivated(int line);

private:
    void removeSelected();

    QTreeWidget* m_list = nullptr;
    bool m_filling = false; ///< setState() is filling the list: no signals for its check boxes
};

} // namespace clstep::ui
