#include "SimtViews.h"

#include "CodeEditor.h"
#include "DebugController.h"
#include "EfficiencyMarks.h"
#include "EfficiencyPane.h"
#include "MemoryPane.h"
#include "MultiWatchPane.h"
#include "WorkItemGrid.h"

#include <QDockWidget>
#include <QMainWindow>

namespace clstep::ui {

SimtViews::SimtViews(QMainWindow* window, DebugController* controller, CodeEditor* editor,
                     WorkItemGrid* grid, const QString& tabWith)
    : QObject(window) {
    m_efficiency = new EfficiencyPane;
    m_multiWatch = new MultiWatchPane;
    m_marks = new EfficiencyMarks(editor);
    auto* neighbour = window->findChild<QDockWidget*>(tabWith);
    for (auto [name, title, widget] :
         {std::tuple{QStringLiteral("dockEfficiency"), tr("Efficiency"),
                     static_cast<QWidget*>(m_efficiency)},
          std::tuple{QStringLiteral("dockMultiWatch"), tr("Multi-watch"),
                     static_cast<QWidget*>(m_multiWatch)}}) {
        auto* d = new QDockWidget(title, window);
        d->setObjectName(name);
        d->setWidget(widget);
        window->addDockWidget(Qt::RightDockWidgetArea, d);
        if (neighbour) window->tabifyDockWidget(neighbour, d);
        neighbour = d;
    }
    connect(m_efficiency, &EfficiencyPane::lineRequested, editor, &CodeEditor::jumpToLine);
    connect(m_multiWatch, &MultiWatchPane::expressionChanged, controller,
            &DebugController::setMultiWatch);
    connect(m_multiWatch, &MultiWatchPane::workItemRequested, controller,
            &DebugController::selectLocal);
    connect(grid, &WorkItemGrid::subGroupSizeRequested, controller,
            [controller](int n) { controller->setSubGroupSize(static_cast<quint32>(n)); });
    connect(controller, &DebugController::stateChanged, this, &SimtViews::setState);
    // per-byte counts and costs travel in the snapshots only while a pane shows them
    const QList<MemoryPane*> panes = window->findChildren<MemoryPane*>();
    for (MemoryPane* pane : panes)
        connect(pane, &MemoryPane::colourModeChanged, controller, [panes, controller] {
            bool any = false;
            for (MemoryPane* p : panes)
                any = any || p->colourMode() != MemoryColourMode::Accesses;
            controller->setByteStatistics(any);
        });
}

void SimtViews::setState(const SessionState& state) {
    m_efficiency->setState(state);
    m_multiWatch->setState(state);
    m_marks->setState(state);
}

} // namespace clstep::ui
