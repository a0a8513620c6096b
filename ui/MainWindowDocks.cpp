// MainWindow: the docks (work-item grid, memory panes, diagnostics, breakpoints, watch,
// launch, ...) and how they are wired to the controller. The rest of the class is in
// MainWindow.cpp and MainWindowLayout.cpp.
#include "MainWindow.h"

#include "BreakpointsPane.h"
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "KernelDocument.h"
#include "LaunchPanel.h"
#include "MainMenus.h"
#include "MemoryPane.h"
#include "ScratchpadPane.h"
#include "Theme.h"
#include "TraceModel.h"
#include "VariablesModel.h"
#include "WatchPane.h"
#include "WorkItemGrid.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QTreeWidget>

#include <algorithm>

#include <functional>

namespace clstep::ui {

namespace {
constexpr AddressSpace kSpaces[4] = {AddressSpace::Global, AddressSpace::Local,
                                     AddressSpace::Constant, AddressSpace::Private};
} // namespace

QDockWidget* MainWindow::addDock(const QString& name, const QString& title, QWidget* w,
                                 Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(w);
    addDockWidget(area, d);
    return d;
}

QDockWidget* MainWindow::dock(const QString& name) const {
    return findChild<QDockWidget*>(name);
}

MemoryPane* MainWindow::memoryPane(AddressSpace space) const {
    for (MemoryPane* p : m_panes)
        if (p && p->space() == space) return p;
    return nullptr;
}

void MainWindow::buildDocks() {
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    m_grid = new WorkItemGrid;
    addDock(QStringLiteral("dockWorkItems"), tr("Work-items"), m_grid, Qt::RightDockWidgetArea);
    connect(m_grid, &WorkItemGrid::workItemRequested, m_controller, &DebugController::selectLocal);
    connect(m_grid, &WorkItemGrid::groupRequested, m_controller, &DebugController::selectGroup);

    m_varModel = new VariablesModel(this);
    m_varView = new QTreeView;
    m_varView->setObjectName(QStringLiteral("variablesView"));
    m_varView->setModel(m_varModel);
    m_varView->setUniformRowHeights(true);
    m_varView->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_varView->setColumnWidth(VariablesModel::NameColumn, 130);
    m_varView->setColumnWidth(VariablesModel::ValueColumn, 200);
    connect(m_varView, &QTreeView::doubleClicked, this, [this](const QModelIndex& i) {
        followAddress(i.siblingAtColumn(0).data(VariablesModel::AddressRole).toULongLong());
    });
    QDockWidget* vars = addDock(QStringLiteral("dockVariables"), tr("Variables"), m_varView,
                                Qt::RightDockWidgetArea);

    m_stack = new QTreeWidget;
    m_stack->setHeaderLabels({tr("function"), tr("line")});
    m_stack->setRootIsDecorated(false);
    connect(m_stack, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem* it) { m_editor->jumpToLine(it->text(1).toInt()); });
    QDockWidget* stack = addDock(QStringLiteral("dockCallStack"), tr("Call stack"), m_stack,
                                 Qt::RightDockWidgetArea);

    m_diagModel = new DiagnosticsModel(this);
    m_diagView = new QTableView;
    m_diagView->setObjectName(QStringLiteral("diagnosticsView"));
    m_diagView->setModel(m_diagModel);
    m_diagView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_diagView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_diagView->setWordWrap(false);
    m_diagView->verticalHeader()->hide();
    m_diagView->horizontalHeader()->setStretchLastSection(false);
    m_diagView->horizontalHeader()->setSectionResizeMode(DiagnosticsModel::MessageColumn,
                                                         QHeaderView::Stretch);
    // the message last and wide (every row's tooltip has it whole): the narrow columns first
    QHeaderView* diagHeader = m_diagView->horizontalHeader();
    diagHeader->moveSection(diagHeader->visualIndex(DiagnosticsModel::MessageColumn),
                            DiagnosticsModel::ColumnCount - 1);
    // narrow enough that the message keeps 10+ characters in a 430-pixel right column
    m_diagView->setColumnWidth(DiagnosticsModel::SeverityColumn, 40);
    m_diagView->setColumnWidth(DiagnosticsModel::LineColumn, 45);
    m_diagView->setColumnWidth(DiagnosticsModel::KindColumn, 75);
    m_diagView->setColumnWidth(DiagnosticsModel::CountColumn, 40);
    m_diagView->setColumnWidth(DiagnosticsModel::WorkItemsColumn, 85);
    connect(m_diagView, &QTableView::clicked, this,
            [this](const QModelIndex& i) { activateDiagnostic(i.row()); });
    connect(m_diagView, &QTableView::activated, this,
            [this](const QModelIndex& i) { activateDiagnostic(i.row()); });
    // (races are diagnostics: a short title keeps the tab whole on a projector)
    QDockWidget* diags = addDock(QStringLiteral("dockDiagnostics"), tr("Diagnostics"), m_diagView,
                                 Qt::RightDockWidgetArea);

    m_launch = new LaunchPanel;
    auto* launchScroll = new QScrollArea; // the form is tall: it must not set the column's minimum
    launchScroll->setWidget(m_launch);
    launchScroll->setWidgetResizable(true);
    launchScroll->setFrameShape(QFrame::NoFrame);
    launchScroll->setMinimumSize(120, 80);
    QDockWidget* launch =
        addDock(QStringLiteral("dockLaunch"), tr("Launch"), launchScroll, Qt::RightDockWidgetArea);
    connect(m_launch, &LaunchPanel::applyRequested, this,
            [this](const QString& text, const QString& sim, const QString& saveTo) {
                m_controller->setChecks(m_launch->checks());
                m_controller->applyLaunch(text, sim, saveTo, m_launch->deviceBigEndian(),
                                          m_launch->maxSteps());
            });
    connect(m_launch, &LaunchPanel::openRequested, this, &MainWindow::openPath);
    connect(m_launch, &LaunchPanel::scheduleChosen, this,
            [this](debug::SchedulePolicy p, quint64 seed) { m_controller->setSchedule(p, seed); });

    m_output = new QPlainTextEdit;
    m_output->setReadOnly(true);
    QDockWidget* output = addDock(QStringLiteral("dockOutput"), tr("printf output"), m_output,
                                  Qt::RightDockWidgetArea);

    m_watch = new WatchPane;
    QDockWidget* watch =
        addDock(QStringLiteral("dockWatch"), tr("Watch"), m_watch, Qt::RightDockWidgetArea);
    connect(m_watch, &WatchPane::expressionsChanged, m_controller, &DebugController::setWatches);
    connect(m_watch, &WatchPane::watchpointRequested, this,
            [this](const QString& e, debug::WatchKind k) {
                m_controller->addWatchpoint(e, k);
                showDock(QStringLiteral("dockBreakpoints"));
            });

    m_breakpoints = new BreakpointsPane;
    QDockWidget* breakpoints = addDock(QStringLiteral("dockBreakpoints"), tr("Breakpoints"),
                                       m_breakpoints, Qt::RightDockWidgetArea);
    auto editBreakpoints = [this] { m_controller->setBreakpoints(breakpointLines()); };
    connect(m_breakpoints, &BreakpointsPane::breakpointEnabledChanged, this,
            [this, editBreakpoints](int line, bool on) {
                m_editor->setBreakpointEnabled(line, on);
                editBreakpoints();
            });
    connect(m_breakpoints, &BreakpointsPane::breakpointRemoved, this,
            [this, editBreakpoints](int line) {
                m_editor->removeBreakpoint(line);
                editBreakpoints();
            });
    connect(m_breakpoints, &BreakpointsPane::watchpointEnabledChanged, m_controller,
            &DebugController::setWatchpointEnabled);
    connect(m_breakpoints, &BreakpointsPane::watchpointRemoved, m_controller,
            &DebugController::removeWatchpoint);
    connect(m_breakpoints, &BreakpointsPane::lineActivated, m_editor, &CodeEditor::jumpToLine);
    connect(m_editor, &CodeEditor::breakpointsPaneRequested, this,
            [this] { showDock(QStringLiteral("dockBreakpoints")); });

    m_traceModel = new TraceModel(this);
    m_traceView = new QTableView;
    m_traceView->setObjectName(QStringLiteral("traceView"));
    m_traceView->setModel(m_traceModel);
    m_traceView->verticalHeader()->hide();
    m_traceView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_traceView->horizontalHeader()->setStretchLastSection(true);
    m_traceView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_traceView->setWordWrap(false);
    m_traceView->verticalHeader()->setDefaultSectionSize(QFontMetrics(Theme::codeFont()).height() +
                                                         4);
    for (auto [column, width] : {std::pair{TraceModel::SequenceColumn, 50},
                                 {TraceModel::StepColumn, 45},
                                 {TraceModel::WorkItemColumn, 70},
                                 {TraceModel::KindColumn, 60},
                                 {TraceModel::AddressColumn, 130},
                                 {TraceModel::ValueColumn, 110}})
        m_traceView->setColumnWidth(column, width);
    connect(m_traceView, &QTableView::doubleClicked, this, [this](const QModelIndex& i) {
        m_editor->jumpToLine(i.data(TraceModel::LineRole).toInt());
        followAddress(i.data(TraceModel::AddressRole).toULongLong());
    });
    QDockWidget* trace =
        addDock(QStringLiteral("dockTrace"), tr("Trace"), m_traceView, Qt::RightDockWidgetArea);

    m_scratchpad = new ScratchpadPane;
    QDockWidget* scratchpad = addDock(QStringLiteral("dockScratchpad"), tr("Scratchpad"),
                                      m_scratchpad, Qt::RightDockWidgetArea);

    tabifyDockWidget(vars, watch);
    tabifyDockWidget(watch, breakpoints);
    tabifyDockWidget(breakpoints, diags);
    tabifyDockWidget(diags, stack);
    tabifyDockWidget(stack, launch);
    tabifyDockWidget(launch, output);
    tabifyDockWidget(output, trace);
    tabifyDockWidget(trace, scratchpad);
    diags->raise();
    // The first layout shows the panes of a lesson, each tab's whole title in a 1024-pixel
    // window (issue #31 item 7): Variables, Watch, Breakpoints, Diagnostics and Launch. The
    // tools wait, tabbed in the same place, until View › Panes (or their own action: the
    // scratchpad's Ctrl+Shift+R, printf output when the kernel prints) brings them forward.
    for (QDockWidget* tool : {stack, output, trace, scratchpad})
        tool->hide();

    QDockWidget* previous = nullptr;
    QDockWidget* globalDock = nullptr;
    for (size_t i = 0; i < 4; ++i) {
        m_panes[i] = new MemoryPane(kSpaces[i]);
        connect(m_panes[i], &MemoryPane::followPointer, this, &MainWindow::followAddress);
        const QString name = QString::fromLatin1(addressSpaceName(kSpaces[i]));
        QDockWidget* d = addDock(QStringLiteral("dockMemory_%1")
                                     .arg(QString::fromLatin1(addressSpaceShortName(kSpaces[i]))),
                                 tr("%1 memory").arg(name), m_panes[i], Qt::BottomDockWidgetArea);
        if (kSpaces[i] == AddressSpace::Global) globalDock = d;
        if (kSpaces[i] == AddressSpace::Constant) {
            tabifyDockWidget(globalDock, d); // __constant is rare: share the __global column
            globalDock->raise();
            // and shown when a launch has __constant memory (MainWindow::onState): without
            // its tab bar __global keeps the height of a row more
            d->hide();
            continue;
        }
        if (previous) splitDockWidget(previous, d, Qt::Horizontal);
        previous = d;
    }
}

} // namespace clstep::ui
