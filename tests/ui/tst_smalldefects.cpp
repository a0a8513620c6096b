// GUI tests of issue #31 item 9, the small defects: the count margin fits "×1023", "1
// segment", the sub-group list in numeric order, the work-group count readable, an empty file
// says it has no kernel, the status bar during a long run, and the heat strips' tooltips.
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "EfficiencyMarks.h"
#include "ElidedLabel.h"
#include "MainWindow.h"
#include "MemoryHeat.h"
#include "ScriptRunner.h"
#include "SimtViews.h"
#include "TestWindow.h"
#include "Theme.h"
#include "WorkItemGrid.h"

#include "core/Address.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;

class TestSmallDefects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::quietDockWarnings(); }
    void countMarginFitsItsNumbers();
    void oneSegment();
    void subGroupSizesInNumericOrder();
    void workGroupCountReadable();
    void emptyFileHasNoKernel();
    void statusSaysRunningDuringALongRun();
    void heatStripsHaveTooltips();
    void diagnosticsMessageColumnIsWide();
};

void TestSmallDefects::countMarginFitsItsNumbers() {
    CodeEditor e;
    QStringList lines;
    for (int i = 0; i < 30; ++i)
        lines << QStringLiteral("int x%1;").arg(i);
    e.setText(lines.join(QLatin1Char('\n')));
    e.setExecutionLines(1, {{20, 1023}});
    QCOMPARE(e.othersAt(20), 1023);
    const int needed = QFontMetrics(Theme::codeFont()).horizontalAdvance(QStringLiteral("×1023"));
    QVERIFY2(
        e.marginWidth(2) >= needed,
        qPrintable(QStringLiteral("margin %1 px, text %2 px").arg(e.marginWidth(2)).arg(needed)));
}

void TestSmallDefects::oneSegment() {
    debug::MemoryRegion r;
    r.space = AddressSpace::Global;
    r.accessCost = {1, 1, 1, 1, 3, 3, 3, 3};
    QCOMPARE(MemoryHeat::describe(MemoryColourMode::Conflict, r, 0, 4),
             QStringLiteral("worst access: 1 segment"));
    QCOMPARE(MemoryHeat::describe(MemoryColourMode::Conflict, r, 4, 4),
             QStringLiteral("worst access: 3 segments"));
}

void TestSmallDefects::subGroupSizesInNumericOrder() {
    WorkItemGrid grid;
    auto* box = grid.findChild<QComboBox*>(QStringLiteral("subGroupSize"));
    QVERIFY(box);
    QVERIFY(box->count() >= 11);
    for (int i = 1; i < box->count(); ++i)
        QVERIFY2(box->itemData(i).toInt() > box->itemData(i - 1).toInt(),
                 qPrintable(box->itemText(i)));
    QCOMPARE(box->itemText(0), QStringLiteral("1"));
    QCOMPARE(box->itemText(box->findData(8)), QStringLiteral("SIMD 8"));
    QCOMPARE(box->itemText(box->findData(64)), QStringLiteral("wavefront 64"));
}

void TestSmallDefects::workGroupCountReadable() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    window->resize(1024, 768);
    QVERIFY(window->openPath(test::sample("reduction_race.sim")));
    QVERIFY(window->waitIdle());
    QTest::qWait(200);
    auto* done = window->findChild<ElidedLabel*>(QStringLiteral("groupsDone"));
    QVERIFY(done);
    QVERIFY2(done->fullText().startsWith(QStringLiteral("0 of 2 work-groups finished")),
             qPrintable(done->fullText()));
    // all of it on screen, or elided with the whole text as its tooltip
    const bool fits =
        done->fontMetrics().horizontalAdvance(done->fullText()) <= done->contentsRect().width();
    QVERIFY2(fits ? done->text() == done->fullText() : done->toolTip() == done->fullText(),
             qPrintable(done->text()));
    // the label elides when narrow and says it all in its tooltip
    done->resize(60, done->height());
    QVERIFY(done->elided());
    QCOMPARE(done->toolTip(), done->fullText());
    QVERIFY(done->text().endsWith(QStringLiteral("…")));
}

void TestSmallDefects::emptyFileHasNoKernel() {
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("empty.cl")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    window->openPath(f.fileName());
    QVERIFY(window->waitIdle());
    auto* status = window->findChild<ElidedLabel*>(QStringLiteral("statusText"));
    QVERIFY(status);
    const QString text = status->fullText();
    QVERIFY2(!text.contains(QStringLiteral("no kernel named ''")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("has no kernel")), qPrintable(text));
}

void TestSmallDefects::statusSaysRunningDuringALongRun() {
    QTemporaryDir dir;
    QFile cl(dir.filePath(QStringLiteral("spin.cl")));
    QVERIFY(cl.open(QIODevice::WriteOnly));
    cl.write("__kernel void spin(__global int *out) {\n"
             "    int i = 0;\n"
             "    while (i < 2000000000) { i++; }\n"
             "    out[1] = i;\n"
             "}\n");
    cl.close();
    QFile sim(dir.filePath(QStringLiteral("spin.sim")));
    QVERIFY(sim.open(QIODevice::WriteOnly));
    sim.write("spin.cl\nspin\n1 1 1\n1 1 1\n<size=8 int fill=0>\n");
    sim.close();
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    QVERIFY(window->openPath(sim.fileName()));
    QVERIFY(window->waitIdle());
    auto* status = window->findChild<ElidedLabel*>(QStringLiteral("statusText"));
    QVERIFY(status);
    window->actions()->action(DebugActions::RunAll)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window->controller()->busy(), 2000);
    QTest::qWait(800);
    QVERIFY(window->controller()->busy());
    QVERIFY2(status->fullText().startsWith(QStringLiteral("running")),
             qPrintable(status->fullText()));
    QVERIFY(!status->fullText().contains(QStringLiteral("not started")));
    // far too long to wait for: Pause stops it (bad input never hangs the GUI)
    window->actions()->action(DebugActions::Pause)->trigger();
    QVERIFY(window->waitIdle(10000));
    QVERIFY2(!status->fullText().startsWith(QStringLiteral("running")),
             qPrintable(status->fullText()));
}

void TestSmallDefects::heatStripsHaveTooltips() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    QVERIFY(window->openPath(test::sourcePath("samples/reduction_divergent.sim")));
    QVERIFY(window->waitIdle());
    ScriptRunner run(window.get());
    QVERIFY2(run.run({"runall"}), qPrintable(run.error()));
    EfficiencyMarks* marks = window->simtViews()->marks();
    QVERIFY(marks->divergenceAt(27) > 0);
    CodeEditor* e = window->editor();
    e->jumpToLine(27);
    QTest::qWait(50);
    int left = 0;
    for (int m = 0; m < 3; ++m)
        left += e->marginWidth(m);
    QVERIFY(e->marginWidth(3) > 0);
    const long pos = e->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, 26);
    const int y =
        static_cast<int>(e->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION, 0, pos)) +
        e->SendScintilla(QsciScintilla::SCI_TEXTHEIGHT, 26) / 2;
    const QString tip = marks->tooltipAt(QPoint(left + 1, y));
    QVERIFY2(tip.contains(QStringLiteral("Line 27")) && tip.contains(QStringLiteral("divergence")),
             qPrintable(tip));
    // a line without marks has none
    const long pos1 = e->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, 0);
    const int y1 =
        static_cast<int>(e->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION, 0, pos1));
    if (y1 >= 0 && marks->divergenceAt(1) == 0 && marks->memoryAt(1) == 0)
        QVERIFY(marks->tooltipAt(QPoint(left + 1, y1 + 2)).isEmpty());
}

// issue #31 item 7: the Diagnostics message column was one character wide at 1024 px
void TestSmallDefects::diagnosticsMessageColumnIsWide() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    window->resize(1024, 768);
    QVERIFY(window->openPath(test::sample("reduction_race.sim")));
    QVERIFY(window->waitIdle());
    ScriptRunner run(window.get());
    QVERIFY2(run.run({"continue"}), qPrintable(run.error()));
    QTest::qWait(600);
    auto* view = window->findChild<QTableView*>(QStringLiteral("diagnosticsView"));
    QVERIFY(view);
    const int width = view->columnWidth(DiagnosticsModel::MessageColumn);
    const int chars = width / view->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    QVERIFY2(chars >= 10, qPrintable(QStringLiteral("%1 px, %2 characters").arg(width).arg(chars)));
}

QTEST_MAIN(TestSmallDefects)
#include "tst_smalldefects.moc"
