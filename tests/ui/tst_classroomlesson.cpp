// The classroom lesson of docs/classroom.md (issue #31 item 4) as one test: it drives the
// window step by step with the keys' actions, the way the guide tells a teacher to, and
// asserts at each step what the guide says the screen shows (tiles, the memory panes' marks
// and values, the status bar, the Diagnostics row, the editor's lines and notes). A second
// test checks that every menu path the guide names (*Menu › Item*) exists.
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "ElidedLabel.h"
#include "LaunchPanel.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "TestWindow.h"
#include "WorkItemGrid.h"
#include "WorkItemGridModel.h"

#include "debug/Session.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSlider>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QToolBar>

#include <memory>

using namespace clstep;
using namespace clstep::ui;
using clstep::ui::test::sample;

namespace {
/// What the Explore schedules action showed: the prompt's label and default, and the report.
struct ExploreSeen {
    QString prompt;
    int defaultCount = 0;
    QString report;
};
} // namespace

class TestClassroomLesson : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::quietDockWarnings(); }
    void init();
    void cleanup();
    void theMenusTheGuideNamesExist();
    void theLesson();

private:
    void trigger(DebugActions::Id id, int times = 1);
    /// Press Ctrl+E: answers the prompt with its default, returns what was shown.
    ExploreSeen explore();
    QString status() const {
        return m_window->findChild<ElidedLabel*>(QStringLiteral("statusText"))->fullText();
    }
    MemoryTableModel* pane(AddressSpace space, const char* region = nullptr) const {
        MemoryPane* p = m_window->memoryPane(space);
        if (region) p->selectRegion(QString::fromLatin1(region));
        return p->model();
    }
    static int flags(MemoryTableModel* m, int row) {
        return m->index(row, 0).data(MemoryTableModel::FlagsRole).toInt();
    }
    static QString value(MemoryTableModel* m, int row) {
        return m->index(row, MemoryTableModel::ValueColumn).data().toString();
    }
    /// Rows of `m` whose bytes carry `flag`.
    static QList<int> rowsWith(MemoryTableModel* m, int flag) {
        QList<int> out;
        for (int r = 0; r < m->rowCount(); ++r)
            if (flags(m, r) & flag) out << r;
        return out;
    }
    /// Tiles of the group in a state.
    int tilesIn(debug::WorkItemState state) const;
    int tileState(int id) const;
    const debug::Snapshot& snap() const { return *m_window->controller()->state().snapshot; }
    /// The row of the private pane of variable `name` (-1 if none).
    int privateRow(const char* name) const;

    MainWindow* m_window = nullptr;
};

void TestClassroomLesson::init() {
    m_window = test::newTestWindow();
    QVERIFY(m_window->openPath(sample("reduction_race.sim")));
    QVERIFY(m_window->waitIdle());
}

void TestClassroomLesson::cleanup() {
    delete m_window;
    m_window = nullptr;
}

void TestClassroomLesson::trigger(DebugActions::Id id, int times) {
    for (int i = 0; i < times; ++i) {
        m_window->actions()->action(id)->trigger();
        QVERIFY(m_window->waitIdle());
    }
}

int TestClassroomLesson::tilesIn(debug::WorkItemState state) const {
    WorkItemGridModel* g = m_window->workItemGrid()->model();
    int n = 0;
    for (int r = 0; r < g->rowCount(); ++r)
        for (int c = 0; c < g->columnCount(); ++c)
            n += g->index(r, c).data(WorkItemGridModel::StateRole).toInt() == int(state);
    return n;
}

int TestClassroomLesson::tileState(int id) const {
    WorkItemGridModel* g = m_window->workItemGrid()->model();
    return g->index(id / g->columnCount(), id % g->columnCount())
        .data(WorkItemGridModel::StateRole)
        .toInt();
}

int TestClassroomLesson::privateRow(const char* name) const {
    MemoryTableModel* m = m_window->memoryPane(AddressSpace::Private)->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, MemoryTableModel::AddressColumn)
                .data()
                .toString()
                .startsWith(QString::fromLatin1(name) + QLatin1Char(' ')))
            return r;
    return -1;
}

ExploreSeen TestClassroomLesson::explore() {
    ExploreSeen seen;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal) return;
        if (auto* ask = qobject_cast<QInputDialog*>(modal)) {
            seen.prompt = ask->labelText();
            seen.defaultCount = ask->intValue();
            QTest::keyClick(ask, Qt::Key_Return); // "press Enter"
            return;
        }
        if (auto* text = modal->findChild<QPlainTextEdit*>(QStringLiteral("exploreText"))) {
            seen.report = text->toPlainText();
            modal->close();
        }
    });
    poll.start(50);
    m_window->actions()->action(DebugActions::Explore)->trigger();
    QElapsedTimer t;
    t.start();
    while (seen.report.isEmpty() && t.elapsed() < 60000)
        QTest::qWait(50);
    poll.stop();
    m_window->waitIdle();
    return seen;
}

// Every *Menu › Item* (and *Menu › Submenu › Item*) the guide and the README name is in the
// menu bar.
void TestClassroomLesson::theMenusTheGuideNamesExist() {
    auto plain = [](QString s) {
        return s.remove(QLatin1Char('&')).remove(QStringLiteral("…")).trimmed();
    };
    QStringList missing;
    const QRegularExpression path(QStringLiteral("(?<!\\*)\\*([^*`]+ › [^*`]+)\\*"));
    for (const char* doc : {"docs/classroom.md", "README.md"}) {
        QFile f(test::sourcePath(doc));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        for (auto it = path.globalMatch(text); it.hasNext();) {
            const QString named = it.next().captured(1).simplified();
            QList<QAction*> level = m_window->menuBar()->actions();
            bool found = true;
            for (const QString& part : named.split(QStringLiteral(" › "))) {
                QAction* match = nullptr;
                for (QAction* a : level)
                    if (!a->isSeparator() && plain(a->text()).startsWith(plain(part))) match = a;
                if (!match) {
                    found = false;
                    break;
                }
                level = match->menu() ? match->menu()->actions() : QList<QAction*>{};
            }
            if (!found) missing << QStringLiteral("%1 (%2)").arg(named, QLatin1String(doc));
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no such menu item: ") +
                                           missing.join(QStringLiteral(", "))));
}

void TestClassroomLesson::theLesson() {
    using S = debug::WorkItemState;
    DebugController* dc = m_window->controller();
    CodeEditor* editor = m_window->editor();

    // §0: the status bar's right end shows the launch's settings
    auto* settings = m_window->findChild<QLabel*>(QStringLiteral("settingsText"));
    QVERIFY(settings);
    QCOMPARE(settings->text(), QStringLiteral("little-endian · in-order · sub-group 32 · checks: "
                                              "races,uninit,endian"));

    // §1.1: F11 four times: only work-item 0 moves; lid is in __private; one row of
    // __global input read (blue), one row of __local partial written (orange)
    trigger(DebugActions::Step, 4);
    QCOMPARE(snap().selected, size_t(0));
    QVERIFY(privateRow("lid") >= 0);
    MemoryTableModel* input = pane(AddressSpace::Global, "input");
    QCOMPARE(rowsWith(input, debug::ByteLastRead), QList<int>{0});
    MemoryTableModel* partial = pane(AddressSpace::Local);
    QCOMPARE(partial->rowCount(), 16);
    QCOMPARE(rowsWith(partial, debug::ByteLastWrite), QList<int>{0});
    // §1.2: 16 tiles, 15 still grey (not started); the margin says ×15 at the kernel's first
    // line (10)
    QCOMPARE(tilesIn(S::NotStarted), 15);
    QVERIFY(tileState(0) != int(S::NotStarted));
    QCOMPARE(editor->othersAt(10), 15);

    // §1.3: click tile 5, F11 a few times: work-item 5 moves, partial[5] lights up, its own lid
    QTableView* grid = m_window->workItemGrid()->view();
    const QModelIndex tile5 = grid->model()->index(0, 5);
    QTest::mouseClick(grid->viewport(), Qt::LeftButton, {}, grid->visualRect(tile5).center());
    QVERIFY(m_window->waitIdle());
    QCOMPARE(snap().workItems[snap().selected].id.local[0], 5ull);
    trigger(DebugActions::Step, 4);
    QCOMPARE(rowsWith(partial, debug::ByteLastWrite), QList<int>{5});
    MemoryTableModel* priv = pane(AddressSpace::Private);
    QCOMPARE(value(priv, privateRow("lid")), QStringLiteral("5"));

    // §2.1: Ctrl+R, then F7 repeatedly: sixteen rows of partial turn orange at once
    trigger(DebugActions::Reset);
    int presses = 0;
    while (rowsWith(partial, debug::ByteLastWrite).isEmpty() && presses < 10) {
        trigger(DebugActions::Lockstep);
        ++presses;
    }
    QCOMPARE(rowsWith(partial, debug::ByteLastWrite).size(), 16);
    QCOMPARE(tilesIn(S::AtBarrier), 0);
    // §2.2: at the next F7 the tiles turn yellow on the barrier's line (L17): all 16 at the
    // barrier
    trigger(DebugActions::Lockstep);
    QCOMPARE(tilesIn(S::AtBarrier), 16);
    QCOMPARE(int(snap().workItems[0].position.begin.line), 17);

    // §2.3: auto-play: work-items 0-7 read partial[8..15] and write partial[0..7] in the
    // first round; in the second round work-items 0-3 read partial[4..7], which 4-7 wrote in
    // the first with no barrier between, and auto-play stops right there by itself: "a data
    // race was found", partial[4..7] red
    auto* speed = m_window->actions()->toolBar()->findChild<QSlider*>();
    QVERIFY(speed);
    speed->setValue(speed->maximum());
    m_window->actions()->action(DebugActions::AutoPlay)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->actions()->autoPlaying(), 60000);
    QVERIFY(m_window->waitIdle());
    QCOMPARE(m_window->statusBar()->currentMessage(),
             QStringLiteral("auto-play stopped: a data race was found"));
    // partial[4..7] hold the first round's sums (2·i + 10), partial[0..3] the second's
    for (int i = 0; i < 8; ++i)
        QCOMPARE(value(partial, i),
                 QString::number(i < 4 ? (2 * i + 10) + (2 * (i + 4) + 10) : 2 * i + 10));
    QCOMPARE(rowsWith(partial, debug::ByteRace), (QList<int>{4, 5, 6, 7}));

    // §3.1: Ctrl+E asks for the number of schedules (8 by default), then says the schedules
    // gave different results, with the bytes of group_sums that differ
    trigger(DebugActions::Reset);
    const ExploreSeen first = explore();
    QVERIFY2(!first.report.isEmpty(), "no explore report");
    QCOMPARE(first.prompt, QStringLiteral("Number of schedules to compare:"));
    QCOMPARE(first.defaultCount, 8);
    QVERIFY2(first.report.startsWith(QStringLiteral("The 8 schedules gave DIFFERENT results")),
             qPrintable(first.report));
    QVERIFY2(first.report.contains(QStringLiteral("group_sums[0] = 20 (in-order) vs ")),
             qPrintable(first.report));

    // §3.2: Reset, Shift+F8, F7 seven times: work-items 0-3 read partial[4..7], which 4-7
    // wrote with no barrier between: the status bar names the write by work-item 4 and the
    // read by work-item 0
    trigger(DebugActions::Reset);
    trigger(DebugActions::GroupToBarrier);
    trigger(DebugActions::Lockstep, 6);
    QVERIFY2(!snap().stopReason.starts_with("error:"), snap().stopReason.c_str());
    trigger(DebugActions::Lockstep);
    QVERIFY2(QRegularExpression(QStringLiteral("^error: Read-write data race .* write .*by "
                                               "Global\\(4,0,0\\).*, then read by "
                                               "Global\\(0,0,0\\)"))
                 .match(status())
                 .hasMatch(),
             qPrintable(status()));
    QCOMPARE(rowsWith(partial, debug::ByteLastRead), (QList<int>{4, 5, 6, 7}));
    QCOMPARE(rowsWith(partial, debug::ByteRace), (QList<int>{4, 5, 6, 7}));
    DiagnosticsModel* diags = m_window->diagnosticsModel();
    QCOMPARE(diags->rowCount(), 1);
    QCOMPARE(diags->index(0, DiagnosticsModel::WorkItemsColumn).data().toString(),
             QStringLiteral("4 ↔ 0 (1 of 4)"));
    QVERIFY(editor->annotationAt(21).contains(QStringLiteral("(occurrence 1 of 4)")));
    QVERIFY2(partial->index(5, 0)
                 .data(Qt::ToolTipRole)
                 .toString()
                 .contains(QStringLiteral(
                     "[RAW] write by work-item 5 (line 21), then read by work-item 1 "
                     "(line 21)")),
             qPrintable(partial->index(5, 0).data(Qt::ToolTipRole).toString()));

    // §3.3: Reset and F5: work-item 0 runs its whole loop, then work-item 1 overwrites
    // partial[1]: the row shows the line of both accesses (21) and both work-items (0 ↔ 1), both
    // underlined; partial[1] is red
    trigger(DebugActions::Reset);
    trigger(DebugActions::Continue);
    QCOMPARE(tileState(0), int(S::Finished));
    QCOMPARE(diags->rowCount(), 1);
    QCOMPARE(diags->index(0, DiagnosticsModel::LineColumn).data().toString(), QStringLiteral("21"));
    QCOMPARE(diags->index(0, DiagnosticsModel::WorkItemsColumn).data().toString(),
             QStringLiteral("0 ↔ 1"));
    QCOMPARE(diags->index(0, DiagnosticsModel::CountColumn).data().toString(), QStringLiteral("1"));
    QVERIFY(editor->diagnosticLines().contains(21));
    QCOMPARE(rowsWith(partial, debug::ByteRace), QList<int>{1});
    QVERIFY(partial->index(1, 0)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral(
                    "read by work-item 0 (line 21), then write by work-item 1 (line 21)")));
    // a click on the row selects the first work-item and runs nothing
    const uint64_t step = snap().step;
    m_window->activateDiagnostic(0);
    QVERIFY(m_window->waitIdle());
    QCOMPARE(snap().workItems[snap().selected].id.global[0], 0ull);
    QCOMPARE(snap().step, step);
    // F5 again stops at every further report: work-item 1 writes partial[1] twice more, the
    // count grows, each stop names its own pair (1 ↔ … for the later ones)
    QStringList counts;
    for (int stop = 0; stop < 2; ++stop) {
        trigger(DebugActions::Continue);
        QVERIFY2(snap().stopReason.find("data race") != std::string::npos,
                 snap().stopReason.c_str());
        QVERIFY(!snap().runFinished);
        const QString pair = diags->index(0, DiagnosticsModel::WorkItemsColumn).data().toString();
        QVERIFY2(pair.startsWith(QStringLiteral("1 ↔ ")) || pair.contains(QStringLiteral(" ↔ 1")),
                 qPrintable(pair));
        counts << diags->index(0, DiagnosticsModel::CountColumn).data().toString();
    }
    QCOMPARE(counts, (QStringList{QStringLiteral("2"), QStringLiteral("3")}));

    // §3.4: the reverse schedule in the Launch pane, reset, Ctrl+F5: group_sums {136, 392},
    // and the race checker still reports the race
    QComboBox* policy = nullptr;
    for (QComboBox* c : m_window->launchPanel()->findChildren<QComboBox*>())
        if (c->findText(QStringLiteral("reverse")) >= 0) policy = c;
    QVERIFY(policy);
    policy->setCurrentIndex(policy->findText(QStringLiteral("reverse")));
    emit policy->activated(policy->currentIndex());
    QVERIFY(m_window->waitIdle());
    trigger(DebugActions::Reset);
    trigger(DebugActions::RunAll);
    QVERIFY(snap().runFinished);
    MemoryTableModel* sums = pane(AddressSpace::Global, "group_sums");
    QCOMPARE(value(sums, 0), QStringLiteral("136"));
    QCOMPARE(value(sums, 1), QStringLiteral("392"));
    QVERIFY(diags->rowCount() >= 1);
    QCOMPARE(diags->index(0, 0).data(DiagnosticsModel::KindRole).toString(),
             QStringLiteral("data-race"));
    QVERIFY(dc->state().snapshot);

    // §4: replace the comment on line 22 with the barrier; typing it, the half-typed
    // `barrier(CLK_LOCAL` is a syntax error: a red squiggle and a note under the line
    const QString line22 = editor->text(21);
    QVERIFY(line22.contains(QStringLiteral("// BUG")));
    const int indent = int(line22.indexOf(QLatin1Char('/')));
    editor->setSelection(21, indent, 21, int(line22.trimmed().size()) + indent);
    editor->removeSelectedText();
    editor->setFocus();
    QTest::keyClicks(editor, QStringLiteral("barrier(CLK_LOCAL"));
    QTRY_VERIFY_WITH_TIMEOUT(editor->diagnosticLines().contains(22), 10000);
    QVERIFY2(editor->annotationAt(22).contains(QStringLiteral("expected ';' after expression")),
             qPrintable(editor->annotationAt(22)));
    // the squiggle is visible: under the last word typed (clang points past the line's end)
    QCOMPARE(editor->squiggledText(22), QStringLiteral("CLK_LOCAL"));
    QTest::keyClicks(editor, QStringLiteral("_MEM_FENCE);"));
    QCOMPARE(editor->text(21).trimmed(), QStringLiteral("barrier(CLK_LOCAL_MEM_FENCE);"));
    QTRY_VERIFY_WITH_TIMEOUT(
        editor->diagnosticLines().isEmpty() && dc->state().launched && !dc->busy(), 10000);
    QVERIFY(m_window->waitIdle());
    // Ctrl+E again: all schedules agree; F5 runs to the end without a report: {136, 392}
    const ExploreSeen fixed = explore();
    QVERIFY2(fixed.report.startsWith(QStringLiteral("All 8 schedules gave the same results")),
             qPrintable(fixed.report));
    trigger(DebugActions::Reset);
    trigger(DebugActions::Continue);
    QVERIFY2(snap().runFinished, snap().stopReason.c_str());
    QCOMPARE(diags->rowCount(), 0);
    QCOMPARE(value(pane(AddressSpace::Global, "group_sums"), 0), QStringLiteral("136"));
    QCOMPARE(value(pane(AddressSpace::Global, "group_sums"), 1), QStringLiteral("392"));
}

QTEST_MAIN(TestClassroomLesson)
#include "tst_classroomlesson.moc"
