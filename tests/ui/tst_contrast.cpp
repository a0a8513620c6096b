// GUI test (issue #31 item 8): colours readable on a projector. Every highlight's text has a
// WCAG contrast ratio of at least 4.5:1 in both themes: the memory panes' highlight and heat
// rows (checked cell by cell on real runs), the work-item tiles; and blue does not mean both
// "ready" on a tile and "at barrier" on a lane bar.
#include "DiagnosticsModel.h"
#include "LaneStyle.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "ScriptRunner.h"
#include "TestWindow.h"
#include "Theme.h"
#include "WorkItemCellDelegate.h"

#include <QApplication>
#include <QPalette>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;

class TestContrast : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::quietDockWarnings(); }
    void cleanup() { Theme::setDark(false); }
    void wcagFormula();
    void workItemTiles();
    void laneBarsAreNotTheReadyBlue();
    void memoryHighlights();
    void diagnosticsRows();
};

namespace {
/// The contrast of every cell of `model` (its text colour on its background over the
/// editor's background); fails with the worst cell.
void checkCells(const QAbstractItemModel* model, const char* what) {
    QVERIFY(model->rowCount() > 0);
    for (int row = 0; row < model->rowCount(); ++row)
        for (int col = 0; col < model->columnCount(); ++col) {
            const QModelIndex i = model->index(row, col);
            if (i.data(Qt::DisplayRole).toString().isEmpty()) continue;
            const QVariant bgv = i.data(Qt::BackgroundRole);
            QColor bg = Theme::editorBackground();
            if (bgv.typeId() == QMetaType::QColor)
                bg = Theme::over(bgv.value<QColor>(), bg);
            else if (bgv.typeId() == QMetaType::QBrush &&
                     bgv.value<QBrush>().style() == Qt::SolidPattern)
                bg = Theme::over(bgv.value<QBrush>().color(), bg);
            const QVariant fgv = i.data(Qt::ForegroundRole);
            const QColor fg = fgv.isValid() ? Theme::over(fgv.value<QColor>(), bg)
                                            : QApplication::palette().color(QPalette::Text);
            const double c = Theme::contrast(fg, bg);
            QVERIFY2(c >= 4.5, qPrintable(QStringLiteral("%1 (%2 theme): row %3 column %4 %5 "
                                                         "on %6: %7:1")
                                              .arg(QLatin1String(what))
                                              .arg(Theme::dark() ? "dark" : "light")
                                              .arg(row)
                                              .arg(col)
                                              .arg(fg.name(), bg.name())
                                              .arg(c, 0, 'f', 2)));
        }
}
} // namespace

void TestContrast::wcagFormula() {
    QCOMPARE(qRound(Theme::contrast(Qt::black, Qt::white) * 10), 210);
    QCOMPARE(Theme::contrast(QColor("#777777"), QColor("#777777")), 1.0);
    // the figures: white on #FF5C5C is 3.0:1, green on #B01010 1.4:1
    QCOMPARE(qRound(Theme::contrast(Qt::white, QColor("#ff5c5c")) * 10), 30);
}

void TestContrast::workItemTiles() {
    using S = debug::WorkItemState;
    for (bool dark : {false, true}) {
        Theme::setDark(dark);
        for (S s :
             {S::NotStarted, S::Ready, S::AtBarrier, S::AtBreakpoint, S::Finished, S::Error}) {
            const QColor fill = Theme::workItemState(s);
            const QColor text = WorkItemCellDelegate::textColour(fill);
            QVERIFY2(Theme::contrast(text, fill) >= 4.5,
                     qPrintable(QStringLiteral("%1 on %2 (%3)")
                                    .arg(text.name(), fill.name())
                                    .arg(dark ? "dark" : "light")));
        }
    }
}

void TestContrast::laneBarsAreNotTheReadyBlue() {
    using Lane = debug::Scheduler::LaneState;
    for (bool dark : {false, true}) {
        Theme::setDark(dark);
        const QColor ready = Theme::workItemState(debug::WorkItemState::Ready);
        const QColor barrier = LaneStyle::colour(Lane::AtBarrier);
        // another hue than the ready tiles' blue (at least 60 degrees away)
        const int d = std::abs(ready.hslHue() - barrier.hslHue());
        QVERIFY2(std::min(d, 360 - d) >= 60,
                 qPrintable(
                     QStringLiteral("ready %1, at barrier %2").arg(ready.name(), barrier.name())));
    }
}

void TestContrast::memoryHighlights() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    ScriptRunner run(window.get());
    // the race, written and read rows at the first race of reduction_race
    QVERIFY(window->openPath(test::sample("reduction_race.sim")));
    QVERIFY(window->waitIdle());
    QVERIFY2(run.run({"barrier", "untilrace"}), qPrintable(run.error()));
    MemoryTableModel* local = window->memoryPane(AddressSpace::Local)->model();
    bool race = false;
    for (int r = 0; r < local->rowCount(); ++r)
        race |= local->index(r, 0).data(MemoryTableModel::HighlightRole).toInt() ==
                MemoryTableModel::RaceHighlight;
    QVERIFY(race);
    for (bool dark : {false, true}) {
        Theme::setDark(dark);
        checkCells(local, "__local at the race");
        checkCells(window->memoryPane(AddressSpace::Global)->model(), "__global at the race");
    }
    Theme::setDark(false);
    // the heat colours: bank conflicts (up to 32-way) and access counts
    QVERIFY(window->openPath(test::sample("transpose_conflicts.sim")));
    QVERIFY(window->waitIdle());
    QVERIFY2(run.run({"barrier", "lockstep*2", "show:local:tile", "memcolour:local:conflict"}),
             qPrintable(run.error()));
    for (bool dark : {false, true}) {
        Theme::setDark(dark);
        checkCells(local, "__local bank conflicts");
    }
    QVERIFY2(run.run({"memcolour:local:count"}), qPrintable(run.error()));
    for (bool dark : {false, true}) {
        Theme::setDark(dark);
        checkCells(local, "__local access counts");
    }
}

void TestContrast::diagnosticsRows() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    ScriptRunner run(window.get());
    QVERIFY(window->openPath(test::sample("reduction_race.sim")));
    QVERIFY(window->waitIdle());
    QVERIFY2(run.run({"barrier", "untilrace"}), qPrintable(run.error()));
    for (bool dark : {false, true}) {
        Theme::setDark(dark);
        checkCells(window->diagnosticsModel(), "Diagnostics");
    }
}

QTEST_MAIN(TestContrast)
#include "tst_contrast.moc"
