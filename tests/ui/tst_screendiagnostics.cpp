// GUI test of issue #31 (readability) on a real X server with a 1024x768 screen (CTest runs
// it under xvfb-run): the Diagnostics table of the lesson's first race is readable in the
// normal and presentation layouts. Its severity and kind cells and every column title are
// never elided ("everit", "data-r…" before); a line, work-items or count cell too narrow for
// its text has that text in its tooltip; the message keeps at least 6 characters (the narrow
// cells come first: tst_screenfit diagnosticCellsWhole).
#include "DiagnosticsModel.h"
#include "MainWindow.h"
#include "ScriptRunner.h"
#include "TestWindow.h"
#include "Theme.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QScreen>
#include <QStyle>
#include <QTableView>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;

class TestScreenDiagnostics : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void columnsReadable_data();
    void columnsReadable();
};

void TestScreenDiagnostics::initTestCase() {
    test::quietDockWarnings();
    if (const QString why = test::projectorScreenMissing(); !why.isEmpty()) QSKIP(qPrintable(why));
}

void TestScreenDiagnostics::columnsReadable_data() {
    QTest::addColumn<bool>("presentation");
    QTest::newRow("normal") << false;
    QTest::newRow("presentation") << true;
}

void TestScreenDiagnostics::columnsReadable() {
    QFETCH(bool, presentation);
    std::unique_ptr<MainWindow> window(test::newProjectorWindow("reduction_race.sim"));
    QVERIFY(window);
    if (presentation) window->setPresentationMode(true);
    QTest::qWait(600);
    // the lesson's first race (§3.2): a row "4 ↔ 0 (1 of 4)", line "21" (both accesses)
    ScriptRunner run(window.get());
    // a selected row (a click on it): the header must not turn bold and grow past the widths
    QVERIFY2(run.run({"barrier", "lockstep*7", "diagrow:0"}), qPrintable(run.error()));
    QTest::qWait(800);
    QTableView* view = window->diagnosticsView();
    DiagnosticsModel* model = window->diagnosticsModel();
    QVERIFY(view->isVisible());
    QCOMPARE(model->rowCount(), 1);

    // what the item delegate and the header keep around a text (QCommonStyle)
    const int cellPad =
        2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
    QHeaderView* header = view->horizontalHeader();
    const int headerPad =
        2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    QStringList problems;
    for (int c = 0; c < DiagnosticsModel::ColumnCount; ++c) {
        if (c == DiagnosticsModel::MessageColumn) continue;
        const int width = view->columnWidth(c);
        const QString title = model->headerData(c, Qt::Horizontal).toString();
        QFont titleFont = header->font();
        if (header->highlightSections() && view->selectionModel()->isColumnSelected(c, {}))
            titleFont.setBold(true); // how QHeaderView draws a selected column's title
        if (QFontMetrics(titleFont).horizontalAdvance(title) + headerPad > width)
            problems << QStringLiteral("title '%1' in %2 px").arg(title).arg(width);
        const QModelIndex cell = model->index(0, c);
        const QString text = cell.data().toString();
        const bool fits = view->fontMetrics().horizontalAdvance(text) + cellPad <= width;
        const bool never =
            c == DiagnosticsModel::SeverityColumn || c == DiagnosticsModel::KindColumn;
        if (!fits && (never || !cell.data(Qt::ToolTipRole).toString().contains(text)))
            problems << QStringLiteral("'%1' elided in %2 px").arg(text).arg(width);
    }
    const int message = view->columnWidth(DiagnosticsModel::MessageColumn) /
                        view->fontMetrics().horizontalAdvance(QLatin1Char('M'));
    if (message < 6) problems << QStringLiteral("message: %1 characters").arg(message);
    // every column inside the view: no horizontal scrolling to reach the message
    int total = 0;
    for (int c = 0; c < DiagnosticsModel::ColumnCount; ++c)
        total += view->columnWidth(c);
    if (total > view->viewport()->width())
        problems << QStringLiteral("columns %1 px in a %2 px view")
                        .arg(total)
                        .arg(view->viewport()->width());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
}

QTEST_MAIN(TestScreenDiagnostics)
#include "tst_screendiagnostics.moc"
