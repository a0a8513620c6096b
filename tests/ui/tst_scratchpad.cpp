// The Scratchpad dock (ScratchpadPane over repl::Repl, ScratchpadModel): typed entries with
// their value, type and bytes, history on Up/Down, multi-line entries, refused entries as
// diagnostics at the entry's line:col, long entries off the UI thread, and the dock in the
// main window (View › Scratchpad, Ctrl+Shift+R, saved with the layout).
#include "MainWindow.h"
#include "ScratchpadModel.h"
#include "ScratchpadPane.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSignalSpy>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;

namespace {
QtMessageHandler g_previousHandler = nullptr;

// The offscreen platform warns about every dock layout change; keep the log readable.
void quietHandler(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    if (message.contains(QStringLiteral("propagateSizeHints"))) return;
    g_previousHandler(type, context, message);
}

/// Types `line` into the pane's input and presses Enter; waits for the entry when one runs.
bool type(ScratchpadPane& pane, const QString& line) {
    const int before = pane.model()->rowCount();
    QTest::keyClicks(pane.input(), line);
    QTest::keyClick(pane.input(), Qt::Key_Return);
    if (pane.model()->rowCount() == before) return true; // continued on the next line
    return QTest::qWaitFor([&] { return !pane.busy(); }, 30000);
}

QString display(const ScratchpadModel& m, int row) {
    return m.index(row, 0).data().toString();
}
} // namespace

class TestScratchpad : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { g_previousHandler = qInstallMessageHandler(quietHandler); }

    void valueTypeAndBytes() {
        ScratchpadPane pane;
        pane.show();
        ScratchpadModel* m = pane.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy evaluated(&pane, &ScratchpadPane::evaluated);
        QVERIFY(type(pane, QStringLiteral("float4 v = (float4)(1,2,3,4);")));
        QVERIFY(type(pane, QStringLiteral("v.wzyx * 2")));
        QCOMPARE(evaluated.count(), 2);
        QCOMPARE(m->rowCount(), 2);
        QVERIFY(pane.input()->text().isEmpty());
        // the declaration: kept, shown as the REPL writes it
        QCOMPARE(m->index(0, 0).data(ScratchpadModel::OkRole).toBool(), true);
        QVERIFY2(display(*m, 0).contains(QStringLiteral("float4 v = (float4)(1, 2, 3, 4)")),
                 qPrintable(display(*m, 0)));
        // the expression: value, type and the bytes in device (little-endian) order
        const QModelIndex e = m->index(1, 0);
        QCOMPARE(e.data(ScratchpadModel::InputRole).toString(), QStringLiteral("v.wzyx * 2"));
        QCOMPARE(e.data(ScratchpadModel::ValueRole).toString(),
                 QStringLiteral("(float4)(8, 6, 4, 2)"));
        QCOMPARE(e.data(ScratchpadModel::TypeRole).toString(), QStringLiteral("float4"));
        QCOMPARE(e.data(ScratchpadModel::BytesRole).toString(),
                 QStringLiteral("00 00 00 41  00 00 c0 40  00 00 80 40  00 00 00 40"));
        QCOMPARE(e.data(ScratchpadModel::NumberRole).toInt(), 2);
        const QString shown = display(*m, 1);
        QVERIFY2(shown.startsWith(QStringLiteral("cl> v.wzyx * 2\n(float4)(8, 6, 4, 2)\n")),
                 qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("type float4 · bytes 00 00 00 41")),
                 qPrintable(shown));
        QVERIFY(e.data(ScratchpadModel::DiagnosticsRole).toStringList().isEmpty());
    }

    void historyWithUpAndDown() {
        ScratchpadPane pane;
        pane.show();
        QVERIFY(type(pane, QStringLiteral("int a = 6;")));
        QVERIFY(type(pane, QStringLiteral("a * 7")));
        QCOMPARE(pane.model()->index(1, 0).data(ScratchpadModel::ValueRole).toString(),
                 QStringLiteral("42"));
        QVERIFY(display(*pane.model(), 1).contains(QStringLiteral("\n(int)42\n  type int")));
        QCOMPARE(pane.history(),
                 (QStringList{QStringLiteral("int a = 6;"), QStringLiteral("a * 7")}));
        QTest::keyClicks(pane.input(), QStringLiteral("draft"));
        QTest::keyClick(pane.input(), Qt::Key_Up);
        QCOMPARE(pane.input()->text(), QStringLiteral("a * 7"));
        QTest::keyClick(pane.input(), Qt::Key_Up);
        QCOMPARE(pane.input()->text(), QStringLiteral("int a = 6;"));
        QTest::keyClick(pane.input(), Qt::Key_Up); // stays at the oldest
        QCOMPARE(pane.input()->text(), QStringLiteral("int a = 6;"));
        QTest::keyClick(pane.input(), Qt::Key_Down);
        QCOMPARE(pane.input()->text(), QStringLiteral("a * 7"));
        QTest::keyClick(pane.input(), Qt::Key_Down); // back to what was being typed
        QCOMPARE(pane.input()->text(), QStringLiteral("draft"));
        // a recalled entry runs again
        pane.input()->clear();
        QTest::keyClick(pane.input(), Qt::Key_Up);
        QTest::keyClick(pane.input(), Qt::Key_Return);
        QVERIFY(QTest::qWaitFor([&] { return !pane.busy(); }, 30000));
        QCOMPARE(pane.model()->rowCount(), 3);
        QCOMPARE(pane.model()->index(2, 0).data(ScratchpadModel::ValueRole).toString(),
                 QStringLiteral("42"));
        QCOMPARE(pane.history().size(), 2); // the same entry again is not repeated
    }

    void refusedEntriesShowDiagnosticsAtLineAndColumn() {
        ScratchpadPane pane;
        pane.show();
        ScratchpadModel* m = pane.model();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(type(pane, QStringLiteral("int x = ;")));
        QCOMPARE(m->index(0, 0).data(ScratchpadModel::OkRole).toBool(), false);
        const QStringList d = m->index(0, 0).data(ScratchpadModel::DiagnosticsRole).toStringList();
        QVERIFY(!d.isEmpty());
        QCOMPARE(d[0], QStringLiteral("1:9: error: expected expression before ';' [syntax-error]"));
        QCOMPARE(d.value(1), QStringLiteral("    int x = ;"));
        QCOMPARE(d.value(2), QStringLiteral("            ^"));
        QVERIFY(m->index(0, 0).data(Qt::ForegroundRole).isValid());
        // a rule: its id, the note, and why
        QVERIFY(type(pane, QStringLiteral("__local int q = 1;")));
        const QStringList rule =
            m->index(1, 0).data(ScratchpadModel::DiagnosticsRole).toStringList();
        QVERIFY2(rule.value(0).startsWith(QStringLiteral("1:15: error: __local variable 'q' cannot "
                                                         "have an initializer")),
                 qPrintable(rule.join('\n')));
        QVERIFY(rule.value(0).endsWith(QStringLiteral("[local-variable-initializer]")));
        QVERIFY(rule.join('\n').contains(QStringLiteral("1:13: note: 'q' declared __local here")));
        QVERIFY(rule.last().startsWith(QStringLiteral("why: OpenCL C 1.2 §6.5.2")));
        // the session is unchanged: `x` and `q` do not exist
        QVERIFY(type(pane, QStringLiteral("x")));
        QCOMPARE(m->index(2, 0).data(ScratchpadModel::OkRole).toBool(), false);
        QVERIFY(m->index(2, 0)
                    .data(ScratchpadModel::DiagnosticsRole)
                    .toStringList()
                    .value(0)
                    .startsWith(QStringLiteral("1:1: error: use of undeclared identifier 'x'")));
    }

    void multiLineEntriesAndCommands() {
        ScratchpadPane pane;
        pane.show();
        auto* prompt = pane.findChild<QLabel*>();
        QVERIFY(type(pane, QStringLiteral("int sq(int x) {")));
        QCOMPARE(pane.model()->rowCount(), 0);
        QCOMPARE(prompt->text(), QStringLiteral("..."));
        QVERIFY(type(pane, QStringLiteral("    return x * x; }")));
        QCOMPARE(prompt->text(), QStringLiteral("cl>"));
        QCOMPARE(pane.model()->rowCount(), 1);
        QVERIFY2(display(*pane.model(), 0)
                     .startsWith(QStringLiteral("cl> int sq(int x) {\n...     return x * x; }\n"
                                                "defined sq")),
                 qPrintable(display(*pane.model(), 0)));
        QVERIFY(type(pane, QStringLiteral("sq(7)")));
        QCOMPARE(pane.model()->index(1, 0).data(ScratchpadModel::ValueRole).toString(),
                 QStringLiteral("49"));
        QVERIFY(type(pane, QStringLiteral(":type sq(2) * 1.5f")));
        QVERIFY2(display(*pane.model(), 2).contains(QStringLiteral("float")),
                 qPrintable(display(*pane.model(), 2)));
        pane.clearOutput();
        QCOMPARE(pane.model()->rowCount(), 0);
        QVERIFY(type(pane, QStringLiteral("sq(3)"))); // declarations stay
        QCOMPARE(pane.model()->index(0, 0).data(ScratchpadModel::ValueRole).toString(),
                 QStringLiteral("9"));
        pane.restart();
        QVERIFY(type(pane, QStringLiteral("sq(3)"))); // a fresh REPL
        QCOMPARE(pane.model()->index(0, 0).data(ScratchpadModel::OkRole).toBool(), false);
    }

    void endlessLoopDoesNotBlockTheWindow() {
        ScratchpadPane pane;
        pane.show();
        QVERIFY(type(pane, QStringLiteral(":steps 3000000")));
        QTest::keyClicks(pane.input(), QStringLiteral("int k = 0; while (1) k++;"));
        QTest::keyClick(pane.input(), Qt::Key_Return);
        QVERIFY(pane.busy());
        QCOMPARE(pane.model()->index(1, 0).data(ScratchpadModel::DoneRole).toBool(), false);
        QVERIFY(display(*pane.model(), 1).contains(QStringLiteral("running")));
        QVERIFY(!pane.submit(QStringLiteral("1 + 1"))); // one entry at a time
        QVERIFY(QTest::qWaitFor([&] { return !pane.busy(); }, 60000));
        const QStringList d =
            pane.model()->index(1, 0).data(ScratchpadModel::DiagnosticsRole).toStringList();
        QVERIFY2(d.value(0).contains(QStringLiteral("[step-limit]")), qPrintable(d.join('\n')));
    }

    void dockInTheMainWindow() {
        MainWindow::Options o;
        o.persistSettings = false;
        o.interactive = false;
        MainWindow w(o);
        w.show();
        QDockWidget* dock = w.dock(QStringLiteral("dockScratchpad"));
        QVERIFY(dock);
        QCOMPARE(dock->windowTitle(), QStringLiteral("Scratchpad"));
        QCOMPARE(dock->widget(), static_cast<QWidget*>(w.scratchpad()));
        auto* action = w.findChild<QAction*>(QStringLiteral("actionScratchpad"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
        dock->hide();
        action->trigger();
        QVERIFY(dock->isVisible());
        // the layout (saveState) knows the dock: hidden, it comes back hidden
        dock->hide();
        const QByteArray state = w.saveState();
        dock->show();
        QVERIFY(w.restoreState(state));
        QVERIFY(dock->isHidden());
        QVERIFY(type(*w.scratchpad(), QStringLiteral("as_uint(1.0f)")));
        QCOMPARE(w.scratchpad()->model()->index(0, 0).data(ScratchpadModel::ValueRole).toString(),
                 QStringLiteral("1065353216"));
        QVERIFY(display(*w.scratchpad()->model(), 0).contains(QStringLiteral("(uint)1065353216")));
    }
};

QTEST_MAIN(TestScratchpad)
#include "tst_scratchpad.moc"
