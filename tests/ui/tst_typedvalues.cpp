// GUI test (issue #31 item 2): typed values stay typed. After Run all, the __private pane,
// set to "by variable type", shows each variable decoded in its own type (an int as a number,
// a pointer argument as an address), not as raw bytes, although the finished work-item has
// no call frame left to name its variables.
#include "DebugActions.h"
#include "DebugController.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "ScriptRunner.h"
#include "TestWindow.h"

#include <QAction>
#include <QComboBox>
#include <QTableView>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;
using clstep::ui::test::sample;

class TestTypedValues : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::quietDockWarnings(); }
    void structLayoutsAfterRunAll();
    void reductionDivergentUnderSimt();
};

namespace {
/// The displayed value cell of the __private pane's row of `variable` (the row "NAME +0"),
/// or "(no row)".
QString privateValue(MainWindow* w, const QString& variable) {
    MemoryPane* pane = w->memoryPane(AddressSpace::Private);
    QAbstractItemModel* m = pane->view()->model();
    for (int r = 0; r < m->rowCount(); ++r) {
        const QString where = m->index(r, MemoryTableModel::AddressColumn).data().toString();
        if (where.simplified() == variable + QStringLiteral(" +0"))
            return m->index(r, MemoryTableModel::ValueColumn).data().toString().trimmed();
    }
    return QStringLiteral("(no row)");
}

/// The __private pane's format chooser says "by variable type".
bool byVariableType(MainWindow* w) {
    auto* box = w->memoryPane(AddressSpace::Private)->findChild<QComboBox*>();
    return box && box->currentText() == QStringLiteral("by variable type");
}
} // namespace

void TestTypedValues::structLayoutsAfterRunAll() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    QVERIFY(window->openPath(sample("struct_layouts.sim")));
    QVERIFY(window->waitIdle());
    window->actions()->action(DebugActions::RunAll)->trigger();
    QVERIFY(window->waitIdle());
    QVERIFY(window->controller()->state().snapshot->runFinished);
    QVERIFY(byVariableType(window.get()));
    // work-item 0 is selected: const int i = get_global_id(0) is 0
    QCOMPARE(privateValue(window.get(), QStringLiteral("i")), QStringLiteral("0"));
    // the kernel's pointer arguments: an address, not "00 00 00 00 00 00 00 00"
    for (const char* p : {"natural", "aligned16", "packed", "sizes"}) {
        const QString v = privateValue(window.get(), QString::fromLatin1(p));
        QVERIFY2(v.startsWith(QStringLiteral("global")),
                 qPrintable(QString::fromLatin1(p) + QStringLiteral(": ") + v));
    }
}

void TestTypedValues::reductionDivergentUnderSimt() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    QVERIFY(window->openPath(sample("reduction_divergent.sim")));
    QVERIFY(window->waitIdle());
    ScriptRunner runner(window.get());
    QVERIFY2(runner.run({QStringLiteral("schedule simt"), QStringLiteral("runall")}),
             qPrintable(runner.error()));
    QVERIFY(window->controller()->state().snapshot->runFinished);
    QVERIFY(byVariableType(window.get()));
    // the loop left s at 64 (bytes 40 00 00 00), lid of work-item 0 is 0
    QCOMPARE(privateValue(window.get(), QStringLiteral("s")), QStringLiteral("64"));
    QCOMPARE(privateValue(window.get(), QStringLiteral("lid")), QStringLiteral("0"));
}

QTEST_MAIN(TestTypedValues)
#include "tst_typedvalues.moc"
