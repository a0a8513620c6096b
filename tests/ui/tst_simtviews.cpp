// GUI tests of issue 17's views, asserted on what is displayed: the work-item grid's SIMT
// lanes (states, colours, the splitting branch) under the `simt` schedule, the Efficiency
// pane's rows and the editor's heat marks, the Multi-watch grid and the sub-group size
// selector. Driven through the ScriptRunner like `clstep --do`; offscreen, real kernels.
#include "CodeEditor.h"
#include "DebugController.h"
#include "EfficiencyMarks.h"
#include "EfficiencyModel.h"
#include "EfficiencyPane.h"
#include "LaneStyle.h"
#include "MainWindow.h"
#include "MemoryHeat.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "MultiWatchModel.h"
#include "MultiWatchPane.h"
#include "ScriptRunner.h"
#include "SimtViews.h"
#include "TestWindow.h"
#include "WorkItemGrid.h"
#include "WorkItemGridModel.h"

#include <QComboBox>
#include <QLabel>
#include <QTableView>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;
using Lane = debug::Scheduler::LaneState;

class TestSimtViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::quietDockWarnings(); }
    void init();
    void cleanup();
    void laneGridShowsMaskedLanesAndTheSplit();
    void subGroupSizeSelector();
    void efficiencyRowsAndHeatMarks();
    void efficiencyPerBuffer();
    void multiWatchTwoDimensionalGroup();
    void multiWatchArrayByLocalId();
    void memoryColoursByCountAndConflict();

private:
    bool script(const QStringList& commands) {
        ScriptRunner runner(m_window);
        const bool ok = runner.run(commands);
        if (!ok) qWarning() << runner.error();
        return ok;
    }
    WorkItemGridModel* grid() const { return m_window->workItemGrid()->model(); }
    MainWindow* m_window = nullptr;
};

void TestSimtViews::init() {
    m_window = test::newTestWindow();
}

void TestSimtViews::cleanup() {
    delete m_window;
    m_window = nullptr;
}

// tests/kernels/stats/divergence.cl: line 19 `if (lid % 2)`, 20 then, 22 else, 23 after.
// Under simt with sub-groups of 8 the odd lanes run the then-branch first; when lane 1
// reaches line 23, lanes 3, 5, 7 are still active on line 20 and the rest wait masked (the
// same state as `info lanes` shows in tst_console_simt).
void TestSimtViews::laneGridShowsMaskedLanesAndTheSplit() {
    QVERIFY(m_window->openPath(test::sourcePath("tests/kernels/stats/divergence.sim")));
    QVERIFY(m_window->waitIdle());
    QVERIFY(script({"subgroup:8", "schedule:simt", "break:23", "continue"}));
    const SessionState& st = m_window->controller()->state();
    QCOMPARE(st.subGroupSize, 8u);
    QCOMPARE(st.policy, debug::SchedulePolicy::Simt);
    QVERIFY(grid()->laneView());
    const QString expected = QStringLiteral("...A.A.A");
    for (int lane = 0; lane < 8; ++lane) {
        const QModelIndex cell = grid()->indexForLinear(static_cast<size_t>(lane));
        const auto state = static_cast<Lane>(cell.data(WorkItemGridModel::LaneRole).toInt());
        QCOMPARE(state, expected[lane] == QLatin1Char('A') ? Lane::Active : Lane::Masked);
        QCOMPARE(cell.data(WorkItemGridModel::SubGroupRole).toInt(), 0);
        QCOMPARE(cell.data(WorkItemGridModel::SplitLineRole).toInt(), 19);
    }
    const QString tip = grid()->indexForLinear(3).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("sub-group 0, lane 3: <b>active</b> (split at line 19)"),
             qPrintable(tip));
    // the second sub-group has not started: no split, all lanes active together
    QCOMPARE(grid()->indexForLinear(9).data(WorkItemGridModel::SubGroupRole).toInt(), 1);
    QCOMPARE(grid()->indexForLinear(9).data(WorkItemGridModel::SplitLineRole).toInt(), 0);
    auto* summary = m_window->workItemGrid()->findChild<QLabel*>(QStringLiteral("laneSummary"));
    QVERIFY(summary && summary->isVisible());
    QVERIFY2(
        summary->text().startsWith("sub-group 0: 3 active, 5 masked, 0 finished — split by "
                                   "the branch at line 19\nthe other 7 sub-groups: no lane masked"),
        qPrintable(summary->text()));

    // what is painted: the lane bar of an active cell is green, of a masked one amber
    QTableView* view = m_window->workItemGrid()->view();
    view->scrollToTop();
    QCoreApplication::processEvents();
    const QImage image = view->viewport()->grab().toImage();
    auto barColour = [&](size_t linear) {
        const QRect r = view->visualRect(grid()->indexForLinear(linear));
        return image.pixelColor(r.center().x(), r.bottom() - 4);
    };
    QCOMPARE(barColour(3), LaneStyle::colour(Lane::Active));
    QCOMPARE(barColour(0), LaneStyle::colour(Lane::Masked));

    // other schedules show no lanes
    QVERIFY(script({"schedule:in-order"}));
    QVERIFY(!grid()->laneView());
    QVERIFY(!summary->isVisible());
}

// The grid's selector offers warp, wavefront and SIMD presets and any power of two, and
// the chosen size reaches the run (sub-groups in the grid, get_sub_group_size()).
void TestSimtViews::subGroupSizeSelector() {
    QVERIFY(m_window->openPath(test::sourcePath("samples/reduction.sim")));
    QVERIFY(m_window->waitIdle());
    auto* box = m_window->workItemGrid()->findChild<QComboBox*>(QStringLiteral("subGroupSize"));
    QVERIFY(box);
    for (const char* label : {"SIMD 8", "SIMD 16", "warp 32", "wavefront 64", "4", "128"})
        QVERIFY2(box->findText(QString::fromLatin1(label)) >= 0, label);
    QCOMPARE(box->currentData().toInt(), 32);
    const int simd8 = box->findText(QStringLiteral("SIMD 8"));
    box->setCurrentIndex(simd8);
    emit box->activated(simd8);
    QVERIFY(m_window->waitIdle());
    QCOMPARE(m_window->controller()->state().subGroupSize, 8u);
    QCOMPARE(grid()->indexForLinear(9).data(WorkItemGridModel::SubGroupRole).toInt(), 1);
    QVERIFY(script({"multiwatch:get_sub_group_size()"}));
    QCOMPARE(m_window->simtViews()->multiWatchPane()->model()->index(0, 0).data().toString(),
             QStringLiteral("8"));
    ScriptRunner bad(m_window);
    QVERIFY(!bad.run({"subgroup:12"}));
    QVERIFY(bad.error().contains("power of two"));
}

// samples/reduction_divergent.sim runs to the end; the pane shows the `if (lid % (2*s))`
// line's splits and the __local accesses, a click on a row moves the editor to its line, and
// the margin has heat marks on those lines.
void TestSimtViews::efficiencyRowsAndHeatMarks() {
    QVERIFY(m_window->openPath(test::sourcePath("samples/reduction_divergent.sim")));
    QVERIFY(m_window->waitIdle());
    QVERIFY(script({"raise:efficiency", "runall"}));
    EfficiencyPane* pane = m_window->simtViews()->efficiencyPane();
    EfficiencyModel* model = pane->model();
    QStringList rows;
    for (int r = 0; r < model->rowCount(); ++r)
        rows << model->rowText(r);
    const QString all = rows.join(QLatin1Char('\n'));
    // line 26 `if (lid % (2 * s) == 0)`: 6 levels x 2 sub-groups x 2 groups = 24 branch
    // evaluations; it splits both sub-groups at s = 1, 2, 4, 8, 16 (20 splits) and at s = 32
    // only lane 0 of sub-group 0 is true, while sub-group 1 agrees (false): 22 splits.
    QVERIFY2(all.contains("26\tdivergence\t\t24 branches\t22 splits\t"), qPrintable(all));
    // line 27, the addition: masked lanes at every level (16+24+28+30+31+31 in sub-group 0,
    // 16+24+28+30+31 in sub-group 1, twice): 578 lane-slots
    QVERIFY2(all.contains("27\tdivergence\t\t0 branches\t0 splits\t578 masked"), qPrintable(all));
    QVERIFY2(all.contains("\t__local\tpartial\t"), qPrintable(all));
    QVERIFY2(all.contains("\t__global\tin\t4 accesses\t1 segment\t1.00\t100%"), qPrintable(all));
    int divergenceRow = -1;
    for (int r = 0; r < model->rowCount(); ++r)
        if (rows[r].startsWith("26\tdivergence")) divergenceRow = r;
    QVERIFY(divergenceRow >= 0);
    QCOMPARE(model->index(divergenceRow, 0).data(EfficiencyModel::HeatRole).toInt() > 0, true);
    const QRect rect = pane->view()->visualRect(model->index(divergenceRow, 1));
    QTest::mouseClick(pane->view()->viewport(), Qt::LeftButton, {}, rect.center());
    int line = 0, column = 0;
    m_window->editor()->getCursorPosition(&line, &column);
    QCOMPARE(line + 1, 26);
    EfficiencyMarks* marks = m_window->simtViews()->marks();
    QVERIFY(marks->divergenceAt(27) > 0);
    QCOMPARE(marks->divergenceAt(23), 0); // the store before the loop: no lanes masked
    QCOMPARE(marks->memoryAt(23), 0);     // coalesced load, conflict-free store
}

// Per buffer: the reduction_interleaved sample's strided index gives 2-way conflicts or
// worse on `partial` (words 2*s apart), the sequential one none.
void TestSimtViews::efficiencyPerBuffer() {
    for (const char* name :
         {"samples/reduction_interleaved.sim", "samples/reduction_sequential.sim"}) {
        QVERIFY(m_window->openPath(test::sourcePath(name)));
        QVERIFY(m_window->waitIdle());
        QVERIFY(script({"runall"}));
        EfficiencyModel* model = m_window->simtViews()->efficiencyPane()->model();
        model->setGrouping(EfficiencyModel::Grouping::ByBuffer);
        QString partial;
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->rowText(r).contains("\t__local\tpartial\t")) partial = model->rowText(r);
        QVERIFY2(!partial.isEmpty(), name);
        const QString worst = partial.section(QLatin1Char('\t'), EfficiencyModel::WorstColumn,
                                              EfficiencyModel::WorstColumn);
        if (QString::fromLatin1(name).contains("interleaved"))
            QVERIFY2(worst != QStringLiteral("1-way"), qPrintable(partial));
        else
            QCOMPARE(worst, QStringLiteral("1-way"));
        model->setGrouping(EfficiencyModel::Grouping::ByLine);
    }
}

// A 4 x 4 group: `lid.x + lid.y * 16` as numbers in the group's shape, then as colours.
void TestSimtViews::multiWatchTwoDimensionalGroup() {
    QVERIFY(m_window->openPath(test::sourcePath("samples/matmul_tiled.sim")));
    QVERIFY(m_window->waitIdle());
    QVERIFY(script({"raise:multiwatch", "multiwatch:lid.x + lid.y * 16"}));
    MultiWatchPane* pane = m_window->simtViews()->multiWatchPane();
    MultiWatchModel* model = pane->model();
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(model->columnCount(), 4);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
            QCOMPARE(model->index(y, x).data().toString(), QString::number(x + 16 * y));
    QCOMPARE(model->headerData(2, Qt::Horizontal).toString(), QStringLiteral("x=2"));
    QCOMPARE(model->headerData(1, Qt::Vertical).toString(), QStringLiteral("y=1"));
    QVERIFY2(pane->status()->text().contains("scale: 0 (blue) … 51 (red)"),
             qPrintable(pane->status()->text()));
    auto* mode = pane->findChild<QComboBox*>(QStringLiteral("multiWatchMode"));
    mode->setCurrentIndex(1);
    emit mode->activated(1);
    QCOMPARE(model->index(0, 0).data().toString(), QString());
    QCOMPARE(model->index(0, 0).data(Qt::BackgroundRole).value<QBrush>().color(),
             MultiWatchModel::scale(0.0));
    QCOMPARE(model->index(3, 3).data(Qt::BackgroundRole).value<QBrush>().color(),
             MultiWatchModel::scale(1.0));
    // the values follow the viewed group
    QVERIFY(script({"group:1,0"}));
    QCOMPARE(model->index(1, 1).data(MultiWatchModel::ValueRole).toString(), QStringLiteral("17"));
    // a click selects that work-item
    mode->setCurrentIndex(0);
    emit mode->activated(0);
    const QRect r = pane->view()->visualRect(model->index(2, 3));
    QTest::mouseClick(pane->view()->viewport(), Qt::LeftButton, {}, r.center());
    QVERIFY(m_window->waitIdle());
    const SessionState& st = m_window->controller()->state();
    QCOMPARE(st.snapshot->workItems[st.snapshot->selected].id.local[0], uint64_t(3));
    QCOMPARE(st.snapshot->workItems[st.snapshot->selected].id.local[1], uint64_t(2));
}

// `partial[lid]` on the reduction sample after the first barrier: each work-item's slot
// holds its input (1..16); before the kernel's `lid` exists the shorthand stands in.
void TestSimtViews::multiWatchArrayByLocalId() {
    QVERIFY(m_window->openPath(test::sourcePath("samples/reduction.sim")));
    QVERIFY(m_window->waitIdle());
    QVERIFY(script({"multiwatch:partial[lid]", "barrier"}));
    MultiWatchModel* model = m_window->simtViews()->multiWatchPane()->model();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->columnCount(), 16);
    for (int i = 0; i < 16; ++i)
        QCOMPARE(model->index(0, i).data().toString(), QString::number(i + 1));
    QCOMPARE(model->failures(), 0);
    // an unknown name: every cell says so
    QVERIFY(script({"multiwatch:nonsense[lid]"}));
    QCOMPARE(model->failures(), 16);
    QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("—"));
    QVERIFY(m_window->simtViews()->multiWatchPane()->status()->text().contains(
        "no value on 16 work-item(s)"));
}

// The memory panes' colour modes on the transpose lesson: the tile read by column is a
// 32-way bank conflict on every word of `tile` (each is read by some column read), each tile
// byte was accessed twice (one store, one load); with the padding column the same read is
// conflict-free. The switch is the pane's own combo box.
void TestSimtViews::memoryColoursByCountAndConflict() {
    for (const char* name : {"samples/transpose_conflicts.sim", "samples/transpose_padded.sim"}) {
        QVERIFY(m_window->openPath(test::sourcePath(name)));
        QVERIFY(m_window->waitIdle());
        QVERIFY(script({"barrier", "lockstep*2", "show:local:tile"}));
        MemoryPane* pane = m_window->memoryPane(AddressSpace::Local);
        MemoryTableModel* model = pane->model();
        auto* mode = pane->findChild<QComboBox*>(QStringLiteral("memoryColourMode"));
        QVERIFY(mode);
        mode->setCurrentIndex(2);
        emit mode->activated(2);
        QVERIFY(m_window->waitIdle());
        QCOMPARE(model->colourMode(), MemoryColourMode::Conflict);
        const bool padded = QString::fromLatin1(name).contains("padded");
        const QModelIndex row = model->index(model->rowForOffset(4 * 5), 0); // tile[0][5]
        QVERIFY2(
            row.data(Qt::ToolTipRole)
                .toString()
                .startsWith(padded ? "worst bank conflict: 1-way" : "worst bank conflict: 32-way"),
            qPrintable(row.data(Qt::ToolTipRole).toString()));
        const QColor expected = padded ? QColor(0xcf, 0xef, 0xcf) : QColor(0xb0, 0x10, 0x10);
        QCOMPARE(row.data(Qt::BackgroundRole).value<QColor>(), expected);
        mode->setCurrentIndex(1);
        emit mode->activated(1);
        QVERIFY(m_window->waitIdle());
        QVERIFY2(row.data(Qt::ToolTipRole).toString().startsWith("accessed 2 times"),
                 qPrintable(row.data(Qt::ToolTipRole).toString()));
        QVERIFY(row.data(Qt::BackgroundRole).value<QColor>().isValid());
        mode->setCurrentIndex(0);
        emit mode->activated(0);
        QVERIFY(m_window->waitIdle());
        QCOMPARE(model->colourMode(), MemoryColourMode::Accesses);
        QVERIFY(script({"memcolour:local:count"})); // the same from a script
        QCOMPARE(model->colourMode(), MemoryColourMode::AccessCount);
        QCOMPARE(mode->currentIndex(), 1);
    }
    ScriptRunner bad(m_window);
    QVERIFY(!bad.run({"memcolour:local:rainbow"}));
}

QTEST_MAIN(TestSimtViews)
#include "tst_simtviews.moc"
