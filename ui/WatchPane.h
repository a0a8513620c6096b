#pragma once

#include "SessionState.h"

#include <QWidget>

class QLineEdit;
class QTreeWidget;

namespace clstep::ui {

/// Watch expressions: OpenCL C expressions (`partial[lid + stride]`, `get_local_id(0)`)
/// re-evaluated in the selected work-item's scope after every action, with their value,
/// type, or the reason they have none.
class WatchPane : public QWidget {
    Q_OBJECT
public:
    explicit WatchPane(QWidget* parent = nullptr);
    void setState(const SessionState& state);
    QStringList expressions() const { return m_expressions; }
    /// Adds an expression (ignored when empty or already watched).
    void addExpression(const QString& expression);

signals:
    /// The list of expressions changed.
    void expressionsChanged(const QStringList& expressions);
    /// The user asked to stop when the object a watch names is accessed (context menu).
    void watchpointRequested(const QString& expression, debug::WatchKind kind);

private:
    void removeSelected();

    QStringList m_expressions;
    QLineEdit* m_input = nullptr;
    QTreeWidget* m_list = nullptr;
};

} // namespace clstep::ui
