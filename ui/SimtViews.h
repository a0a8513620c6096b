#pragma once

#include "SessionState.h"

#include <QObject>

class QMainWindow;

namespace clstep::ui {

class CodeEditor;
class DebugController;
class EfficiencyMarks;
class EfficiencyPane;
class MultiWatchPane;
class WorkItemGrid;

/// The GPU views of the main window (issue 17): creates and docks the Efficiency pane and
/// the Multi-watch pane (object names "dockEfficiency", "dockMultiWatch", tabbed with the
/// dock named `tabWith`), puts the heat marks in the editor margin, and wires them and the
/// grid's sub-group size selector to the controller. Updates them on every state.
class SimtViews : public QObject {
    Q_OBJECT
public:
    SimtViews(QMainWindow* window, DebugController* controller, CodeEditor* editor,
              WorkItemGrid* grid, const QString& tabWith);

    EfficiencyPane* efficiencyPane() const { return m_efficiency; }
    MultiWatchPane* multiWatchPane() const { return m_multiWatch; }
    EfficiencyMarks* marks() const { return m_marks; }

    /// Passes `state` to the panes and the margin marks.
    void setState(const SessionState& state);

private:
    EfficiencyPane* m_efficiency = nullptr;
    MultiWatchPane* m_multiWatch = nullptr;
    EfficiencyMarks* m_marks = nullptr;
};

} // namespace clstep::ui
