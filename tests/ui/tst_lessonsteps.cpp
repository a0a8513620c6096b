// GUI tests of issue #16 ("the GUI in front of a class"): the classroom lesson's steps give
// what docs/classroom.md says, asserted on what is displayed (row text, colours, tooltips,
// the status bar), plus the smaller defects found on the way. Offscreen, real samples.
#include "BreakpointsPane.h"
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "ElidedLabel.h"
#include "HeadlessRunner.h"
#include "KernelDocument.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "TestWindow.h"
#include "Theme.h"
#include "WatchPane.h"
#include "WorkItemGrid.h"
#include "WorkItemGridModel.h"

#include "debug/Session.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

#include <cstring>
#include <fstream>
#include <sstream>

using namespace clstep;
using namespace clstep::ui;
using clstep::ui::test::sample;

namespace {
/// Writes NAME.cl and NAME.sim into `dir`; returns the .sim path.
QString writeKernel(const QTemporaryDir& dir, const char* name, const char* cl, const char* sim) {
    const std::string base = dir.path().toStdString() + "/" + name;
    std::ofstream(base + ".cl") << cl;
    std::ofstream(base + ".sim") << name << ".cl\n" << name << "\n" << sim;
    return QString::fromStdString(base + ".sim");
}

int32_t intAt(const debug::MemoryRegion& r, size_t i) {
    int32_t v;
    const std::vector<uint8_t> b = r.bytes.slice(i * 4, 4);
    std::memcpy(&v, b.data(), 4);
    return v;
}

const debug::MemoryRegion* regionNamed(const std::vector<debug::MemoryRegion>& regions,
                                       const char* name) {
    for (const debug::MemoryRegion& r : regions)
        if (r.name == name) return &r;
    return nullptr;
}

QtMessageHandler g_previousHandler = nullptr;
void quietHandler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message.contains(QStringLiteral("propagateSizeHints"))) return;
    g_previousHandler(type, context, message);
}
} // namespace

class TestLessonSteps : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { g_previousHandler = qInstallMessageHandler(quietHandler); }
    void init();
    void cleanup();
    void runAllFollowsTheSchedule();
    void eachRaceStopShowsItsOwnPair();
    void programScopeConstantShowsItsValues();
    void selectingADiagnosticKeepsTheMarks();
    void outOfBoundsWriteMarksTheTileAndRaisesDiagnostics();
    void stepLimitNamesTheGuiSetting();
    void simErrorsStayOnTheSimLine();
    void rebuildClearsStaleStatus();
    void busyIndicatorDuringContinue();
    void watchesFromAnotherKernelAreSetAside();
    void breakpointsPaneAndMarginMenu();
    void structLayoutsInTheMemoryPane();
    void redoHasOneShortcut();
    void headlessAndConsoleExplorePrintTheSame();
    void exploreDialogFitsAndScrolls();

private:
    QString statusText() const {
        // the whole text (the label elides it, with the whole text in its tooltip)
        return m_window->findChild<ElidedLabel*>(QStringLiteral("statusText"))->fullText();
    }
    MainWindow* m_window = nullptr;
};

void TestLessonSteps::init() {
    m_window = test::newTestWindow();
}

void TestLessonSteps::cleanup() {
    delete m_window;
    m_window = nullptr;
}

// Lesson §3.4: Run all under `reverse` gives the reverse schedule's answer, not {20, 100}.
void TestLessonSteps::runAllFollowsTheSchedule() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    m_window->controller()->setSchedule(debug::SchedulePolicy::Reverse, 1);
    m_window->controller()->run(DebugController::Command::Reset);
    m_window->actions()->action(DebugActions::RunAll)->trigger();
    QVERIFY(m_window->waitIdle());
    const SessionState& s = m_window->controller()->state();
    QVERIFY(s.snapshot->runFinished);
    // what the interpreter gives for a reverse run, without the GUI
    debug::Session ref;
    ref.loadSim(sample("reduction_race.sim").toStdString());
    ref.setBreakOnError(false);
    ref.setSchedule(debug::SchedulePolicy::Reverse, 1);
    ref.reset();
    ref.continueRun();
    const debug::Snapshot refSnap = ref.snapshot();
    const debug::MemoryRegion* expected = regionNamed(refSnap.global, "group_sums");
    QVERIFY(expected);
    MemoryPane* pane = m_window->memoryPane(AddressSpace::Global);
    QVERIFY(pane->selectRegion(QStringLiteral("group_sums")));
    MemoryTableModel* m = pane->model();
    QCOMPARE(m->index(0, MemoryTableModel::ValueColumn).data().toString(),
             QString::number(intAt(*expected, 0)));
    QCOMPARE(m->index(1, MemoryTableModel::ValueColumn).data().toString(),
             QString::number(intAt(*expected, 1)));
    QVERIFY(m->index(0, MemoryTableModel::ValueColumn).data().toString() != QStringLiteral("20") ||
            m->index(1, MemoryTableModel::ValueColumn).data().toString() != QStringLiteral("100"));
}

// Lesson §3.3: F5 again stops at further reports; each stop shows its own work-items in the
// row, its tooltip and the status bar.
void TestLessonSteps::eachRaceStopShowsItsOwnPair() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    DiagnosticsModel* diags = m_window->diagnosticsModel();
    QStringList pairs, statuses, tips;
    for (int stop = 0; stop < 3; ++stop) {
        m_window->actions()->action(DebugActions::Continue)->trigger();
        QVERIFY(m_window->waitIdle());
        const SessionState& s = m_window->controller()->state();
        QVERIFY2(s.snapshot->stopReason.find("data race") != std::string::npos,
                 s.snapshot->stopReason.c_str());
        int row = -1;
        for (int r = 0; r < diags->rowCount(); ++r)
            if (s.snapshot->stopReason.find(diags->index(r, DiagnosticsModel::MessageColumn)
                                                .data()
                                                .toString()
                                                .toStdString()) != std::string::npos)
                row = r;
        QVERIFY2(row >= 0, "the stop's report is a row of Diagnostics");
        const QString pair = diags->index(row, DiagnosticsModel::WorkItemsColumn).data().toString();
        // "0 ↔ 1", or "0 ↔ 1 (occurrence 2 of 2)" for a report that occurred again
        const QString second =
            pair.section(QStringLiteral(" ↔ "), 1).section(QLatin1Char(' '), 0, 0);
        QVERIFY2(statusText().contains(QStringLiteral("work-item (%1,0,0)").arg(second)),
                 qPrintable(statusText() + QStringLiteral(" / ") + pair));
        pairs << pair;
        statuses << statusText();
        tips << diags->index(row, DiagnosticsModel::MessageColumn).data().toString();
    }
    QVERIFY2(pairs.first().startsWith(QStringLiteral("0 ↔ 1")), qPrintable(pairs.first()));
    // every stop is its own report: its own message (values, work-items) in row and status
    QVERIFY(statuses.removeDuplicates() == 0);
    QVERIFY2(tips.removeDuplicates() == 0, qPrintable(tips.join(QStringLiteral(" | "))));
}

// Initialized program-scope __constant data shows its values, not never-written '?'.
void TestLessonSteps::programScopeConstantShowsItsValues() {
    QTemporaryDir dir;
    const QString sim = writeKernel(dir, "c",
                                    "__constant int table[4] = {10, 20, 30, 40};\n"
                                    "__kernel void c(__global int *out)\n"
                                    "{ out[get_global_id(0)] = table[get_global_id(0)]; }\n",
                                    "4 1 1\n4 1 1\n<size=16 int fill=0 dump>\n");
    QVERIFY(m_window->openPath(sim));
    QVERIFY(m_window->waitIdle());
    MemoryPane* pane = m_window->memoryPane(AddressSpace::Constant);
    QVERIFY(pane->selectRegion(QStringLiteral("table")));
    MemoryTableModel* m = pane->model();
    QCOMPARE(m->rowCount(), 4);
    QCOMPARE(m->index(2, MemoryTableModel::ValueColumn).data().toString(), QStringLiteral("30"));
    QVERIFY(!m->index(2, 0).data(Qt::FontRole).value<QFont>().italic());
    QVERIFY(m->index(2, 0).data(MemoryTableModel::HighlightRole).toInt() !=
            int(MemoryTableModel::UninitializedHighlight));
}

// Clicking a diagnostics row selects its work-item but runs nothing: the step count and the
// last read/write marks stay.
void TestLessonSteps::selectingADiagnosticKeepsTheMarks() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    m_window->actions()->action(DebugActions::Continue)->trigger();
    QVERIFY(m_window->waitIdle());
    MemoryTableModel* local = m_window->memoryPane(AddressSpace::Local)->model();
    auto marks = [&] {
        QList<int> out;
        for (int r = 0; r < local->rowCount(); ++r)
            out << (local->index(r, 0).data(MemoryTableModel::FlagsRole).toInt() &
                    (debug::ByteLastRead | debug::ByteLastWrite));
        return out;
    };
    const QList<int> before = marks();
    const uint64_t step = m_window->controller()->state().snapshot->step;
    QVERIFY(before.count(0) < before.size()); // something is marked
    QTableView* view = m_window->diagnosticsView();
    QVERIFY(m_window->diagnosticsModel()->rowCount() > 0);
    const QRect cell = view->visualRect(view->model()->index(0, DiagnosticsModel::MessageColumn));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
    QVERIFY(m_window->waitIdle());
    const SessionState& s = m_window->controller()->state();
    QCOMPARE(s.snapshot->step, step);
    QCOMPARE(s.snapshot->workItems[s.snapshot->selected].id.global[0], 0ull);
    QCOMPARE(marks(), before);
}

// An out-of-bounds write turns its work-item's tile to the error state and raises the
// Diagnostics pane.
void TestLessonSteps::outOfBoundsWriteMarksTheTileAndRaisesDiagnostics() {
    QTemporaryDir dir;
    const QString sim = writeKernel(dir, "oob",
                                    "__kernel void oob(__global int *out)\n"
                                    "{\n"
                                    "    int i = get_global_id(0);\n"
                                    "    out[i + 2] = i;\n"
                                    "    i = i + 1;\n"
                                    "}\n",
                                    "4 1 1\n4 1 1\n<size=16 int fill=0 dump>\n");
    QVERIFY(m_window->openPath(sim));
    QVERIFY(m_window->waitIdle());
    // the current tab of the dock group that holds Diagnostics
    auto currentTab = [&] {
        for (QTabBar* bar : m_window->findChildren<QTabBar*>())
            for (int i = 0; i < bar->count(); ++i)
                if (bar->tabText(i) == QStringLiteral("Diagnostics"))
                    return bar->tabText(bar->currentIndex());
        return QString();
    };
    m_window->showDock(QStringLiteral("dockWatch")); // Diagnostics is a hidden tab now
    QTRY_COMPARE(currentTab(), QStringLiteral("Watch"));
    m_window->actions()->action(DebugActions::Continue)->trigger();
    QVERIFY(m_window->waitIdle());
    const SessionState& s = m_window->controller()->state();
    QVERIFY2(s.snapshot->stopReason.find("out-of-bounds") != std::string::npos,
             s.snapshot->stopReason.c_str());
    QTRY_COMPARE(currentTab(), QStringLiteral("Diagnostics"));
    WorkItemGridModel* grid = m_window->workItemGrid()->model();
    const QModelIndex tile2 = grid->index(0, 2);
    QCOMPARE(tile2.data(WorkItemGridModel::StateRole).toInt(), int(debug::WorkItemState::Error));
    QCOMPARE(tile2.data(Qt::BackgroundRole).value<QColor>(),
             Theme::workItemState(debug::WorkItemState::Error));
    QVERIFY(tile2.data(Qt::ToolTipRole).toString().contains(QStringLiteral("runtime error")));
    QVERIFY(grid->index(0, 0).data(WorkItemGridModel::StateRole).toInt() !=
            int(debug::WorkItemState::Error));
}

// The step-limit message names the GUI's setting, not the command-line flag.
void TestLessonSteps::stepLimitNamesTheGuiSetting() {
    QTemporaryDir dir;
    const QString sim = writeKernel(dir, "spin",
                                    "__kernel void spin(__global int *out)\n"
                                    "{ int i = 0; while (out[0] == 0) { i++; } out[1] = i; }\n",
                                    "1 1 1\n1 1 1\n<size=8 int fill=0>\n");
    QVERIFY(m_window->openPath(sim));
    QVERIFY(m_window->waitIdle());
    QFile f(sim);
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_window->controller()->applyLaunch(QString::fromUtf8(f.readAll()), sim, QString(), false,
                                        1000);
    QVERIFY(m_window->waitIdle());
    m_window->actions()->action(DebugActions::RunAll)->trigger();
    QVERIFY(m_window->waitIdle());
    DiagnosticsModel* diags = m_window->diagnosticsModel();
    QString message;
    for (int r = 0; r < diags->rowCount(); ++r)
        if (diags->index(r, 0).data(DiagnosticsModel::KindRole).toString() ==
            QStringLiteral("step-limit"))
            message = diags->index(r, DiagnosticsModel::MessageColumn).data().toString();
    QVERIFY2(message.contains(QStringLiteral("Launch › Step limit")), qPrintable(message));
    QVERIFY(!message.contains(QStringLiteral("--max-steps")));
}

// A .sim error shows with the .sim's name and line, and marks no kernel line.
void TestLessonSteps::simErrorsStayOnTheSimLine() {
    QTemporaryDir dir;
    // line 5 of the .sim is the bad argument; line 5 of the kernel is a statement
    const QString sim = writeKernel(dir, "bad",
                                    "__kernel void bad(__global int *out)\n"
                                    "{\n"
                                    "    int i = get_global_id(0);\n"
                                    "    int j = i;\n"
                                    "    out[i] = j;\n"
                                    "}\n",
                                    "1 1 1\n1 1 1\n<size=4 nosuchtype>\n");
    m_window->openPath(sim);
    QVERIFY(m_window->waitIdle());
    DiagnosticsModel* diags = m_window->diagnosticsModel();
    QVERIFY(diags->rowCount() > 0);
    QCOMPARE(diags->index(0, DiagnosticsModel::LineColumn).data().toString(),
             QStringLiteral("bad.sim:5"));
    QCOMPARE(diags->index(0, 0).data(DiagnosticsModel::LineRole).toInt(), 0);
    QVERIFY(!m_window->editor()->diagnosticLines().contains(5));
    QVERIFY(m_window->editor()->annotationAt(5).isEmpty());
}

// After a rebuild the status bar says nothing about the program before.
void TestLessonSteps::rebuildClearsStaleStatus() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    m_window->editor()->setCondition(21, QStringLiteral("nosuch + 1"));
    emit m_window->editor()->breakpointsEdited(m_window->editor()->breakpointLines());
    QVERIFY(m_window->waitIdle());
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("nosuch")));
    m_window->editor()->setCondition(21, QString());
    m_window->controller()->rebuild(m_window->document()->path(), m_window->editor()->text(), {});
    QVERIFY(m_window->waitIdle());
    QVERIFY2(m_window->statusBar()->currentMessage().isEmpty(),
             qPrintable(m_window->statusBar()->currentMessage()));
    QVERIFY2(statusText().startsWith(QStringLiteral("reset")), qPrintable(statusText()));
}

// Continue on a long run shows the busy indicator until it ends.
void TestLessonSteps::busyIndicatorDuringContinue() {
    QTemporaryDir dir;
    const QString sim = writeKernel(dir, "spin",
                                    "__kernel void spin(__global int *out)\n"
                                    "{ int i = 0; while (out[0] == 0) { i++; } out[1] = i; }\n",
                                    "1 1 1\n1 1 1\n<size=8 int fill=0>\n");
    QVERIFY(m_window->openPath(sim));
    QVERIFY(m_window->waitIdle());
    auto* busy = m_window->findChild<QProgressBar*>(QStringLiteral("busyIndicator"));
    QVERIFY(busy);
    QVERIFY(!busy->isVisible());
    m_window->actions()->action(DebugActions::Continue)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(busy->isVisible(), 5000);
    QCOMPARE(busy->maximum(), 0); // indeterminate: Continue has no group count
    m_window->actions()->action(DebugActions::Pause)->trigger();
    QVERIFY(m_window->waitIdle(20000));
    QTRY_VERIFY(!busy->isVisible());
}

// A watch from another kernel is set aside, not shown as an error.
void TestLessonSteps::watchesFromAnotherKernelAreSetAside() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    m_window->watchPane()->addExpression(QStringLiteral("partial[lid]"));
    m_window->watchPane()->addExpression(QStringLiteral("get_global_id(0)"));
    QVERIFY(m_window->waitIdle());
    auto* list = m_window->watchPane()->findChild<QTreeWidget*>(QStringLiteral("watchList"));
    // not started yet: `partial` is this kernel's, so it is an error with a hint, not aside
    QVERIFY(list->topLevelItem(0)->text(1) != QStringLiteral("set aside: not in this kernel"));
    QVERIFY(m_window->openPath(sample("vector_add.sim")));
    QVERIFY(m_window->waitIdle());
    QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("set aside: not in this kernel"));
    QVERIFY(list->topLevelItem(0)->font(0).italic());
    QCOMPARE(list->topLevelItem(0)->foreground(1).color(), Theme::uninitializedText());
    QVERIFY(list->topLevelItem(1)->text(1) != QStringLiteral("set aside: not in this kernel"));
}

// The margin's context menu adds a conditional breakpoint, a hit count, disables and
// deletes; the Breakpoints pane lists breakpoints and watchpoints and toggles them.
void TestLessonSteps::breakpointsPaneAndMarginMenu() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    CodeEditor* e = m_window->editor();
    // a right click in the symbol margin on line 16 opens the breakpoint menu
    const int y = e->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0,
                                   e->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, 15));
    QStringList texts;
    QTimer::singleShot(200, [&] {
        if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
            for (QAction* a : menu->actions())
                texts << a->text();
            for (QAction* a : menu->actions())
                if (a->text() == QStringLiteral("Add breakpoint")) a->trigger();
            menu->close();
        }
    });
    // A mouse's context-menu event reaches the viewport (QAbstractScrollArea ignores one sent
    // to the scroll area itself), in viewport coordinates.
    const QPoint at(5, y + 4);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, e->viewport()->mapToGlobal(at));
    QApplication::sendEvent(e->viewport(), &event);
    QVERIFY2(texts.contains(QStringLiteral("Add breakpoint")), qPrintable(texts.join(',')));
    QVERIFY(texts.contains(QStringLiteral("Hit count…")));
    QVERIFY(texts.contains(QStringLiteral("Add conditional breakpoint…")));
    QCOMPARE(e->breakpointLines(), QList<int>{16});
    e->setCondition(21, QStringLiteral("lid == 5"));
    e->setHitCount(21, 2);
    emit e->breakpointsEdited(e->breakpointLines());
    QVERIFY(m_window->waitIdle());
    BreakpointsPane* pane = m_window->breakpointsPane();
    QTreeWidget* list = pane->list();
    QCOMPARE(list->topLevelItemCount(), 2);
    QTreeWidgetItem* bp21 = list->topLevelItem(1);
    QCOMPARE(bp21->text(BreakpointsPane::WhatColumn), QStringLiteral("line 21"));
    QCOMPARE(bp21->text(BreakpointsPane::ConditionColumn), QStringLiteral("lid == 5"));
    QCOMPARE(bp21->text(BreakpointsPane::HitCountColumn), QStringLiteral("from hit 2"));
    QCOMPARE(bp21->checkState(BreakpointsPane::WhatColumn), Qt::Checked);
    // disabling line 16 in the pane: the editor and the session follow
    list->topLevelItem(0)->setCheckState(BreakpointsPane::WhatColumn, Qt::Unchecked);
    QVERIFY(m_window->waitIdle());
    QVERIFY(!e->breakpointEnabled(16));
    const auto& bps = m_window->controller()->state().breakpoints;
    QCOMPARE(bps.size(), size_t(2));
    QVERIFY(!bps[0].enabled);
    QCOMPARE(bps[1].hitCount, 2ull);
    QCOMPARE(list->topLevelItem(0)->foreground(0).color(), Theme::uninitializedText());
    // Continue: line 16 is disabled; line 21 stops at the 2nd time lid == 5 holds there
    QAction* breakOnError = m_window->actions()->action(DebugActions::BreakOnError);
    breakOnError->setChecked(false);
    m_window->actions()->action(DebugActions::Continue)->trigger();
    QVERIFY(m_window->waitIdle());
    const SessionState& s = m_window->controller()->state();
    QVERIFY2(s.snapshot->stopReason.rfind("breakpoint", 0) == 0, s.snapshot->stopReason.c_str());
    QCOMPARE(s.snapshot->workItems[s.snapshot->selected].id.local[0], 5ull);
    QCOMPARE(s.breakpoints[1].reached, 2ull);
    QCOMPARE(list->topLevelItem(1)->text(BreakpointsPane::HitsColumn), QStringLiteral("1"));
    // a watchpoint from the Watch pane is listed too, and can be disabled there
    emit m_window->watchPane()->watchpointRequested(QStringLiteral("partial[0]"),
                                                    debug::WatchKind::Write);
    QVERIFY(m_window->waitIdle());
    QCOMPARE(list->topLevelItemCount(), 3);
    QCOMPARE(list->topLevelItem(2)->text(BreakpointsPane::WhatColumn),
             QStringLiteral("watch write of partial[0]"));
    list->topLevelItem(2)->setCheckState(BreakpointsPane::WhatColumn, Qt::Unchecked);
    QVERIFY(m_window->waitIdle());
    QVERIFY(!m_window->controller()->state().watchpoints.at(0).enabled);
}

// Issue #16 §1: a buffer of structs shows one block per element, a row per member and the
// padding hatched, from the kernel's parameter type (the .sim says bytes), before the first
// step and after the run.
void TestLessonSteps::structLayoutsInTheMemoryPane() {
    QVERIFY(m_window->openPath(sample("struct_layouts.sim")));
    QVERIFY(m_window->waitIdle());
    MemoryPane* pane = m_window->memoryPane(AddressSpace::Global);
    MemoryTableModel* m = pane->model();
    for (int pass = 0; pass < 2; ++pass) {
        QVERIFY(pane->selectRegion(QStringLiteral("natural")));
        QCOMPARE(m->format().name(), QStringLiteral("Natural"));
        QCOMPARE(m->rowCount(), 4 * 5); // tag, padding, value, count, tail padding
        QCOMPARE(m->index(1, 0).data(MemoryTableModel::PaddingRole).toBool(), true);
        QCOMPARE(m->index(1, MemoryTableModel::ValueColumn).data().toString(),
                 QStringLiteral("padding"));
        QCOMPARE(m->index(1, 0).data(Qt::BackgroundRole).value<QBrush>().style(), Qt::BDiagPattern);
        QVERIFY(m->index(1, MemoryTableModel::InfoColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("padding · 3 B · natural alignment of int")));
        QCOMPARE(m->index(1, MemoryTableModel::BytesColumn).data().toString(),
                 QStringLiteral("ee ee ee"));
        QVERIFY(m->index(7, MemoryTableModel::InfoColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("[1].value · int · +4, 4 B")));
        QCOMPARE(m->index(7, MemoryTableModel::AddressColumn).data().toString(),
                 QStringLiteral("[1] +0x0010"));
        QCOMPARE(m->index(7, MemoryTableModel::ValueColumn).data().toString(),
                 pass ? QStringLiteral("1001") : QStringLiteral("-286331154")); // 0xeeeeeeee
        QVERIFY(m->index(7, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("member <b>[1].value</b>: int, offset 4, 4 byte(s)")));
        QCOMPARE(m->rowForOffset(16), 7);
        QVERIFY(pane->selectRegion(QStringLiteral("aligned16")));
        QCOMPARE(m->rowCount(), 4 * 6);
        QVERIFY(m->index(5, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("tail, from aligned(16)")));
        QVERIFY(pane->selectRegion(QStringLiteral("packed")));
        QCOMPARE(m->rowCount(), 4 * 3);
        QVERIFY(m->index(1, MemoryTableModel::InfoColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("unaligned (packed)")));
        QVERIFY(m->index(1, 0)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("packed: offset 1 is not a multiple of int")));
        QVERIFY(pane->selectRegion(QStringLiteral("sizes")));
        QCOMPARE(m->format().name(), QStringLiteral("uint"));
        if (pass == 0) {
            m_window->actions()->action(DebugActions::RunAll)->trigger();
            QVERIFY(m_window->waitIdle());
        }
    }
    QCOMPARE(m->index(2, MemoryTableModel::ValueColumn).data().toString(), QStringLiteral("7"));
    // a type chosen in the selector still wins, and the layout can be chosen back
    QVERIFY(pane->selectRegion(QStringLiteral("natural")));
    pane->setFormat(ValueFormat{ValueFormat::Kind::UChar, 1});
    QCOMPARE(m->rowCount(), 48);
}

// Redo has one shortcut: the Edit menu's is the editor's.
void TestLessonSteps::redoHasOneShortcut() {
    QAction* redo = nullptr;
    for (QAction* menu : m_window->menuBar()->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                if (a->text() == QStringLiteral("&Redo")) redo = a;
    QVERIFY(redo);
    QCOMPARE(redo->shortcuts(), QList<QKeySequence>{CodeEditor::redoKey()});
}

// The console's and the headless demo's explore print the same text, with typed elements.
void TestLessonSteps::headlessAndConsoleExplorePrintTheSame() {
    std::ostringstream out, err;
    HeadlessRunner::Options o;
    o.exploreSchedules = 6;
    QCOMPARE(HeadlessRunner::run(sample("reduction_race.sim"), o, out, err), 0);
    const QString headless = QString::fromStdString(out.str());
    const int at = headless.indexOf(QStringLiteral("Explored 6 schedules"));
    QVERIFY2(at >= 0, qPrintable(headless));
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(CLSTEP_CLI),
            {QStringLiteral("run"), sample("reduction_race.sim"), QStringLiteral("-i")});
    QVERIFY(p.waitForStarted());
    p.write("explore 6\nquit\n");
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(60000));
    const QString console = QString::fromUtf8(p.readAll());
    const QString report = headless.mid(at);
    QVERIFY2(console.contains(report), qPrintable(console + QStringLiteral("\n---\n") + report));
    QVERIFY(report.contains(QStringLiteral("  group_sums[0] = 20 (in-order) vs ")));
}

// The explore dialog fits a 1024x768 screen, scrolls, and shows typed elements.
void TestLessonSteps::exploreDialogFitsAndScrolls() {
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
    QString shown;
    QSize size;
    QTimer::singleShot(0, [&] {
        // explore runs on the worker: wait for its dialog, then read and close it
        QTimer* poll = new QTimer;
        QObject::connect(poll, &QTimer::timeout, [&, poll] {
            QWidget* modal = QApplication::activeModalWidget();
            if (!modal) return;
            if (auto* text = modal->findChild<QPlainTextEdit*>(QStringLiteral("exploreText"))) {
                shown = text->toPlainText();
                size = modal->size();
            }
            modal->close();
            poll->deleteLater();
        });
        poll->start(50);
    });
    m_window->controller()->explore(6);
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 30000);
    QVERIFY2(shown.contains(QStringLiteral("group_sums[0] = 20 (in-order) vs ")),
             qPrintable(shown));
    QVERIFY(shown.startsWith(QStringLiteral("The 6 schedules gave DIFFERENT results")));
    QVERIFY(size.width() <= 1024 && size.height() <= 768);
    QCOMPARE(m_window->actions()->lastExploreText(), shown);
}

QTEST_MAIN(TestLessonSteps)
#include "tst_lessonsteps.moc"
