// MainWindow: construction, opening and saving files, applying session states to the panes,
// settings. Docks: MainWindowDocks.cpp; sizes, presentation mode, theme: MainWindowLayout.cpp.
#include "MainWindow.h"

#include "ElidedLabel.h"

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
#include "SimtViews.h"
#include "SweepDialog.h"
#include "Theme.h"
#include "TraceModel.h"
#include "VariablesModel.h"
#include "WatchPane.h"
#include "WorkItemGrid.h"

#include "debug/AddressView.h"

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
#include <QTabBar>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QTreeWidget>

#include <algorithm>

#include <functional>

namespace clstep::ui {

MainWindow::MainWindow(const Options& options, QWidget* parent)
    : QMainWindow(parent), m_options(options) {
    setObjectName(QStringLiteral("clstepMainWindow"));
    if (m_options.persistSettings) {
        QSettings s;
        Theme::setDark(s.value(QStringLiteral("view/dark"), false).toBool());
        Theme::setFontScale(s.value(QStringLiteral("view/scale"), 100).toInt());
    }
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance())) Theme::apply(*app);

    m_controller = new DebugController(this);
    m_editor = new CodeEditor;
    m_editor->setObjectName(QStringLiteral("editor"));
    setCentralWidget(m_editor);
    m_document = new KernelDocument(m_editor, this);
    m_document->setInteractive(m_options.interactive);
    m_actions = new DebugActions(m_controller, this);
    addToolBar(Qt::TopToolBarArea, m_actions->toolBar());

    buildDocks();
    m_simt = new SimtViews(this, m_controller, m_editor, m_grid, QStringLiteral("dockWatch"));
    // The GPU views, shown from View › Panes, join the work-item grid's tabs in the normal
    // layout: the Efficiency table gets the grid's height (all 4 rows of the transpose lesson
    // at 1024x768, 1 row in the Variables/Watch group) and that group's five tabs stay whole
    // (a sixth elided them all). Moved there when shown, not before: hidden in the grid's
    // group they changed presentation mode's split of the bottom row (7 rows of __local
    // memory instead of 8). In presentation mode they take a column of their own.
    for (const char* tool : {"dockEfficiency", "dockMultiWatch"}) {
        QDockWidget* d = dock(QString::fromLatin1(tool));
        if (!d) continue;
        d->hide();
        connect(d, &QDockWidget::visibilityChanged, this, [this, d](bool visible) {
            QDockWidget* grid = dock(QStringLiteral("dockWorkItems"));
            if (!visible || m_presentation || d->isFloating() || !grid || !grid->isVisible() ||
                grid->isFloating() || tabifiedDockWidgets(grid).contains(d))
                return;
            QTimer::singleShot(0, this, [this, d, grid] {
                tabifyDockWidget(grid, d);
                // the group it left shows Variables again, not its last tab
                if (QDockWidget* v = dock(QStringLiteral("dockVariables")); v && v->isVisible())
                    v->raise();
                d->raise();
            });
        });
    }
    if (QDockWidget* variables = dock(QStringLiteral("dockVariables"))) variables->raise();
    MainMenus::build(this);
    // Every dock tab stays readable: a tab too narrow for its title (elided) has the whole
    // title as its tooltip.
    for (QDockWidget* d : findChildren<QDockWidget*>())
        connect(d, &QDockWidget::visibilityChanged, this,
                [this] { QTimer::singleShot(0, this, &MainWindow::refreshDockTabs); });
    connect(this, &QMainWindow::tabifiedDockWidgetActivated, this,
            [this] { QTimer::singleShot(0, this, &MainWindow::refreshDockTabs); });
    m_status = new ElidedLabel;
    m_status->setObjectName(QStringLiteral("statusText"));
    // a long stop reason must not make the window wider than a 1024-pixel projector: it is
    // elided, with the whole text in its tooltip
    statusBar()->addWidget(m_status, 1);
    m_settingsLabel = new QLabel;
    m_settingsLabel->setObjectName(QStringLiteral("settingsText"));
    m_settingsLabel->setToolTip(
        tr("The launch's debugger settings (Launch panel); saved with the .sim and restored "
           "when it is opened"));
    statusBar()->addPermanentWidget(m_settingsLabel);

    connect(m_controller, &DebugController::stateChanged, this, &MainWindow::onState);
    // A run that lasts (an endless loop, a long Run all) says so: the last snapshot's "not
    // started" or "ready" would be stale while the debugger works.
    connect(m_controller, &DebugController::busyChanged, this, [this](bool busy) {
        if (!busy) return;
        QTimer::singleShot(300, this, [this] {
            if (!m_controller->busy()) return;
            m_status->setFullText(tr("running… (Debug › Pause, F6, stops it) · step %1")
                                      .arg(m_controller->state().snapshot
                                               ? m_controller->state().snapshot->step
                                               : 0));
        });
    });
    connect(m_controller, &DebugController::launchApplied, m_launch, &LaunchPanel::showResult);
    connect(m_actions, &DebugActions::message, this,
            [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(m_document, &KernelDocument::rebuildRequested, this, &MainWindow::onRebuild);
    connect(m_document, &KernelDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &KernelDocument::pathChanged, this, &MainWindow::updateTitle);
    connect(m_editor, &CodeEditor::breakpointsEdited, this,
            [this](const QList<int>&) { m_controller->setBreakpoints(breakpointLines()); });

    resize(sizeHint()); // a first start fits the screen; restoreSettings() may override it
    m_defaultState = saveState();
    restoreSettings();
    applyTheme();
    updateTitle();
}

MainWindow::~MainWindow() = default;

QString MainWindow::samplesDir() {
    const QString app = QCoreApplication::applicationDirPath();
    for (const QString& c :
         {app + QStringLiteral("/../../samples"), app + QStringLiteral("/../share/clstep/samples"),
          QDir::currentPath() + QStringLiteral("/samples"), QStringLiteral(CLSTEP_SAMPLES_DIR)})
        if (QFileInfo(c + QStringLiteral("/reduction_race.sim")).exists())
            return QDir(c).absolutePath();
    return QStringLiteral(CLSTEP_SAMPLES_DIR);
}

BreakpointList MainWindow::breakpointLines() const {
    BreakpointList out;
    for (int l : m_editor->breakpointLines())
        out.push_back({static_cast<uint32_t>(l), m_editor->conditionAt(l).toStdString(),
                       m_editor->breakpointEnabled(l), m_editor->hitCountAt(l)});
    return out;
}

bool MainWindow::openPath(const QString& path) {
    const KernelDocument::Target t = KernelDocument::resolve(path);
    if (t.kernelPath.isEmpty()) {
        statusBar()->showMessage(t.error, 10000);
        if (m_options.interactive && isVisible())
            QMessageBox::warning(this, tr("Cannot open"), t.error);
        return false;
    }
    if (!m_document->maybeSave(this)) return false;
    QString error, warning;
    if (!m_document->load(t.kernelPath, &error, &warning)) {
        statusBar()->showMessage(error, 10000);
        if (m_options.interactive && isVisible())
            QMessageBox::warning(this, tr("Cannot open"), error);
        return false;
    }
    if (m_controller->busy()) m_controller->pause();
    m_editor->setBreakpointLines({});
    m_simPath = t.simPath;
    // with NUL bytes or invalid UTF-8 the editor's text (U+FFFD in their place) is built
    const QString text =
        m_document->modified() || !warning.isEmpty() ? m_editor->text() : QString();
    if (!t.simPath.isEmpty()) {
        m_launch->loadSim(t.simPath);
        m_controller->openSim(t.simPath, text, {});
    } else {
        m_launch->loadKernelOnly(t.kernelPath);
        m_controller->openKernel(t.kernelPath, m_editor->text(), {});
    }
    m_openMessage = !warning.isEmpty() ? tr("warning: %1").arg(warning) : t.error;
    if (!t.error.isEmpty()) statusBar()->showMessage(t.error, 10000);
    if (!warning.isEmpty()) {
        statusBar()->showMessage(m_openMessage, 15000);
        if (m_options.interactive && isVisible())
            QMessageBox::warning(this, tr("Unusual characters"), warning);
    }
    m_lastReportCount = 0;
    updateTitle();
    return true;
}

bool MainWindow::waitIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    // Let queued requests reach the worker and its results come back.
    QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    while (m_controller->pending() > 0 || m_controller->busy()) {
        if (deadline.hasExpired()) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    return true;
}

void MainWindow::refreshDockTabs() {
    for (QTabBar* bar : findChildren<QTabBar*>()) {
        if (bar->parent() != this) continue; // a dock area's tab bar, not a pane's own tabs
        // (scroll arrows stay: without them eleven tabs took 100 px from the editor; View ›
        // Panes brings any pane forward)
        bar->setElideMode(Qt::ElideRight);
        bar->setExpanding(false);
        for (int i = 0; i < bar->count(); ++i) {
            const QString title = bar->tabText(i).remove(QLatin1Char('&'));
            if (bar->tabToolTip(i) != title) bar->setTabToolTip(i, title);
        }
    }
}

void MainWindow::onRebuild() {
    if (m_document->path().isEmpty()) return;
    if (m_controller->busy()) m_controller->pause(); // an edit ends a long run
    m_controller->rebuild(m_document->path(), m_editor->text(), breakpointLines());
}

void MainWindow::onState(const SessionState& st) {
    const debug::Snapshot* s = st.snapshot.get();
    m_editor->setDiagnostics(s ? s->diagnostics : std::vector<Diagnostic>{}, st.mainFile, s);
    int current = 0;
    QMap<int, int> others;
    if (s) {
        for (size_t i = 0; i < s->workItems.size(); ++i) {
            const debug::WorkItemSnapshot& w = s->workItems[i];
            if (!w.position.valid() || w.state == debug::WorkItemState::Finished) continue;
            if (st.mainFile && w.position.begin.file && w.position.begin.file != st.mainFile)
                continue;
            const int line = static_cast<int>(w.position.begin.line);
            if (i == s->selected)
                current = line;
            else
                others[line] += 1;
        }
    }
    m_editor->setExecutionLines(current, others);
    m_grid->setState(st);
    for (MemoryPane* p : m_panes)
        p->setState(st);
    m_diagModel->setState(st);
    // Keep what the user expanded (by name path) across the model reset.
    QSet<QString> expanded;
    std::function<void(const QModelIndex&, const QString&)> collect = [&](const QModelIndex& parent,
                                                                          const QString& path) {
        for (int r = 0; r < m_varModel->rowCount(parent); ++r) {
            const QModelIndex i = m_varModel->index(r, 0, parent);
            const QString p = path + QLatin1Char('/') + i.data().toString();
            if (m_varView->isExpanded(i)) {
                expanded.insert(p);
                collect(i, p);
            }
        }
    };
    collect({}, {});
    m_varModel->setSnapshot(st.snapshot);
    std::function<void(const QModelIndex&, const QString&)> restore = [&](const QModelIndex& parent,
                                                                          const QString& path) {
        for (int r = 0; r < m_varModel->rowCount(parent); ++r) {
            const QModelIndex i = m_varModel->index(r, 0, parent);
            const QString p = path + QLatin1Char('/') + i.data().toString();
            if (expanded.contains(p)) {
                m_varView->expand(i);
                restore(i, p);
            }
        }
    };
    restore({}, {});
    m_watch->setState(st);
    m_breakpoints->setState(st);
    m_traceModel->setSnapshot(st.snapshot);
    m_launch->setState(st);
    m_stack->clear();
    if (s && s->selected < s->workItems.size()) {
        const auto& frames = s->workItems[s->selected].callStack;
        for (auto it = frames.rbegin(); it != frames.rend(); ++it)
            new QTreeWidgetItem(m_stack, {QString::fromStdString(it->function),
                                          QString::number(it->position.begin.line)});
    }
    // a launch with __constant memory shows its pane (hidden while there is none), once: a
    // pane the user closes stays closed until a launch without __constant memory
    if (QDockWidget* d = dock(QStringLiteral("dockMemory_constant")); d && s) {
        const bool any = !s->memory[AddressSpace::Constant].empty();
        if (any && d->isHidden() && !d->property("clstepShownFor").toBool()) d->show();
        d->setProperty("clstepShownFor", any);
    }
    if (s && m_output->toPlainText() != QString::fromStdString(s->output)) {
        // the kernel's first printf output shows its pane (a tool pane, hidden at first)
        if (m_output->toPlainText().isEmpty() && !s->output.empty())
            if (QDockWidget* d = dock(QStringLiteral("dockOutput")); d && d->isHidden()) d->show();
        m_output->setPlainText(QString::fromStdString(s->output));
    }

    // A new race or runtime error report (an out-of-bounds write, ...) raises Diagnostics.
    uint64_t reports = 0;
    if (s)
        for (size_t i = 0; i < s->diagnostics.size(); ++i)
            if (s->diagnostics[i].kind == DiagnosticKind::DataRace ||
                s->diagnostics[i].severity == Severity::Error)
                reports += i < s->diagnosticCounts.size() ? s->diagnosticCounts[i] : 1;
    if (reports > m_lastReportCount) dock(QStringLiteral("dockDiagnostics"))->raise();
    m_lastReportCount = reports;

    QString where;
    if (s && s->selected < s->workItems.size()) {
        const auto& w = s->workItems[s->selected];
        where = tr("group (%1,%2,%3) · work-item local %4 global %5 · %6")
                    .arg(s->group[0])
                    .arg(s->group[1])
                    .arg(s->group[2])
                    .arg(w.id.local[0])
                    .arg(w.id.global[0])
                    .arg(QString::fromLatin1(debug::workItemStateName(w.state)));
    }
    // A rebuild or a newly opened file starts over: a message about the program before (a
    // breakpoint condition, a race, a failed build) must not stay on screen.
    if (st.operation == QLatin1String("rebuild") || st.operation == QLatin1String("open"))
        statusBar()->clearMessage();
    if (st.operation == QLatin1String("open") && !m_openMessage.isEmpty()) {
        statusBar()->showMessage(m_openMessage, 15000); // about the file just opened
        m_openMessage.clear();
    }
    if (!st.breakpointErrors.isEmpty())
        statusBar()->showMessage(
            tr("breakpoint condition: %1").arg(st.breakpointErrors.join(QStringLiteral("; "))),
            10000);
    m_settingsLabel->setText(settingsSummary(st));
    const QString reason = s ? QString::fromStdString(s->stopReason) : QString();
    m_status->setFullText(tr("%1%2 · step %3 · %4")
                              .arg(st.built ? QString() : tr("BUILD FAILED · "))
                              .arg(reason.isEmpty() ? st.operation : reason)
                              .arg(s ? s->step : 0)
                              .arg(where));
}

QString MainWindow::settingsSummary(const SessionState& st) {
    QStringList parts;
    parts << (st.deviceBigEndian ? tr("big-endian") : tr("little-endian"));
    QString schedule = QString::fromLatin1(debug::schedulePolicyName(st.policy));
    if (st.policy == debug::SchedulePolicy::Random)
        schedule += QStringLiteral(" seed %1").arg(st.seed);
    parts << schedule;
    // RunOptions::subGroupSize (clstep-cli run --sub-group-size); the GUI shows the run's
    parts << tr("sub-group %1").arg(st.subGroupSize);
    QStringList checks;
    if (st.checks.dataRaces) checks << tr("races");
    if (st.checks.uninitialized) checks << tr("uninit");
    if (st.checks.endianEvents) checks << tr("endian");
    if (st.checks.uniformWrites) checks << tr("uniform writes");
    parts << tr("checks: %1").arg(checks.isEmpty() ? tr("off") : checks.join(QLatin1Char(',')));
    return parts.join(QStringLiteral(" · "));
}

void MainWindow::activateDiagnostic(int row) {
    const QModelIndex i = m_diagModel->index(row, 0);
    if (!i.isValid()) return;
    m_diagView->selectRow(row);
    // Activating the same race again shows its other access.
    const int first = i.data(DiagnosticsModel::LineRole).toInt();
    const int second = i.data(DiagnosticsModel::SecondLineRole).toInt();
    int line = first;
    if (row == m_lastDiagnosticRow && second > 0 && m_lastDiagnosticLine == first) line = second;
    m_lastDiagnosticRow = row;
    m_lastDiagnosticLine = line;
    if (line > 0) m_editor->jumpToLine(line);
    const QVariantList wi = i.data(DiagnosticsModel::FirstWorkItemRole).toList();
    if (wi.size() == 3)
        m_controller->selectGlobal({wi[0].toULongLong(), wi[1].toULongLong(), wi[2].toULongLong()});
}

void MainWindow::showDock(const QString& name) {
    if (QDockWidget* d = dock(name)) {
        d->show();
        d->raise();
    }
}

void MainWindow::showScratchpad() {
    QDockWidget* d = dock(QStringLiteral("dockScratchpad"));
    d->show();
    d->raise();
    m_scratchpad->setFocus();
}

void MainWindow::checkAcrossLaunches() {
    auto* dialog = new SweepDialog(m_controller, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->start(m_launch->composeSim(), m_launch->simPath(), m_document->path(), m_editor->text(),
                  m_launch->checks(), m_launch->maxSteps());
    dialog->show();
}

void MainWindow::followAddress(quint64 a) {
    if (!a) return;
    for (size_t i = 0; i < 4; ++i)
        if (m_panes[i]->showAddress(a)) {
            if (QDockWidget* d = qobject_cast<QDockWidget*>(m_panes[i]->parentWidget())) d->raise();
            statusBar()->showMessage(
                tr("showing %1")
                    .arg(QString::fromLatin1(addressSpaceName(debug::describe(a).space))),
                4000);
            return;
        }
    statusBar()->showMessage(tr("address %1 is not in any memory shown").arg(a, 0, 16), 5000);
}

void MainWindow::updateTitle() {
    const QString name =
        m_document->path().isEmpty() ? tr("untitled") : QFileInfo(m_document->path()).fileName();
    const QString sim = m_simPath.isEmpty()
                            ? QString()
                            : QStringLiteral(" · %1").arg(QFileInfo(m_simPath).fileName());
    setWindowTitle(QStringLiteral("%1%2%3 — clstep")
                       .arg(name, m_document->modified() ? QStringLiteral(" ●") : QString(), sim));
}

void MainWindow::openWithDialog() {
    const QString f = QFileDialog::getOpenFileName(
        this, tr("Open kernel or launch file"),
        m_document->path().isEmpty() ? samplesDir() : QFileInfo(m_document->path()).path(),
        tr("OpenCL C and launch files (*.cl *.sim);;All files (*)"));
    if (!f.isEmpty()) openPath(f);
}

void MainWindow::saveFile(bool as) {
    QString error;
    bool ok;
    if (as || m_document->path().isEmpty()) {
        const QString f = QFileDialog::getSaveFileName(this, tr("Save kernel"), m_document->path(),
                                                       tr("OpenCL C (*.cl)"));
        if (f.isEmpty()) return;
        ok = m_document->saveAs(f, &error);
    } else {
        ok = m_document->save(&error);
    }
    if (!ok)
        QMessageBox::critical(this, tr("Save failed"), error);
    else
        statusBar()->showMessage(tr("saved %1").arg(m_document->path()), 4000);
}

namespace {
/// The version of the dock layout saved in the settings (QMainWindow::saveState()). Raise it
/// when the panes are regrouped: a layout saved by an older version is then not restored
/// (QMainWindow::restoreState() refuses another version) and the window opens with the
/// current grouping. 0: every pane a right-hand tab (before issue #31); 1: the panes of a
/// lesson as tabs, the tools hidden until View › Panes.
constexpr int kLayoutVersion = 1;
} // namespace

void MainWindow::restoreSettings() {
    if (!m_options.persistSettings) return;
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    m_restored =
        restoreState(s.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion);
}

void MainWindow::saveSettings() {
    if (!m_options.persistSettings) return;
    QSettings s;
    if (m_presentation) setPresentationMode(false);
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
    s.setValue(QStringLiteral("view/dark"), Theme::dark());
    s.setValue(QStringLiteral("view/scale"), Theme::fontScale());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_document->maybeSave(this)) {
        event->ignore();
        return;
    }
    m_controller->pause();
    saveSettings();
    event->accept();
}

} // namespace clstep::ui
