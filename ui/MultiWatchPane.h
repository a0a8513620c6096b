#pragma once

#include "SessionState.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace clstep::ui {

class MultiWatchModel;

/// The Multi-watch pane: an expression field (`lid.x + lid.y * 16`, `partial[lid]`; the
/// debugger's expressions with the `lid`/`gid`/`grp` shorthands, debug::IdShorthand), a
/// numbers/colours switch, the grid of its value on every work-item of the viewed group
/// (MultiWatchModel) and the colour scale's range. Clicking a cell selects that work-item.
class MultiWatchPane : public QWidget {
    Q_OBJECT
public:
    explicit MultiWatchPane(QWidget* parent = nullptr);

    void setState(const SessionState& state);
    /// Sets the expression as if typed and confirmed (emits expressionChanged).
    void setExpression(const QString& expression);
    /// Shows colours on the value scale (true) or the numbers (false), as the pane's switch.
    void setColours(bool on);
    MultiWatchModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QLabel* status() const { return m_status; }

signals:
    /// The user confirmed a new expression ("" clears the multi-watch).
    void expressionChanged(const QString& expression);
    void workItemRequested(const std::array<uint64_t, 3>& local);

private:
    void applyMode();

    MultiWatchModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    QLineEdit* m_expression = nullptr;
    QComboBox* m_mode = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace clstep::ui
