// SweepDialog (Debug › Check across launches…, docs/sweep.md "In the GUI"): the sweep of
// samples/reduction_race.sim run from the menu of a real MainWindow; what the dialog shows
// (rows, verdict texts and colours, the first diagnostic of each configuration, the
// deduplicated diagnostics), that a double-click opens a configuration in the debugger,
// stopped at its first diagnostic, and that the matrix fields and suppression files (filled
// from CLSTEP_SUPPRESSIONS) change the sweep as `clstep-cli sweep`'s options do.
#include <QtTest>

#include "DebugController.h"
#include "SweepDialog.h"
#include "TestWindow.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cmath>

using namespace clstep;
using namespace clstep::ui;
using namespace clstep::ui::test;

namespace {

/// WCAG 2.1 relative luminance of a colour.
double luminance(const QColor& c) {
    auto channel = [](double v) {
        v /= 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}

/// WCAG 2.1 contrast ratio of two colours (1 to 21).
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

int rowNamed(QTableWidget* table, const QString& name) {
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text() == name) return r;
    return -1;
}

} // namespace

class TestSweepDialog : public QObject {
    Q_OBJECT
    MainWindow* m_window = nullptr;
    SweepDialog* m_dialog = nullptr;
    QTableWidget* m_table = nullptr;

private slots:
    void initTestCase() {
        quietDockWarnings();
        m_window = newTestWindow();
        QVERIFY(m_window->openPath(sample("reduction_race.sim")));
        QVERIFY(m_window->waitIdle());
        auto* action = m_window->findChild<QAction*>(QStringLiteral("checkAcrossLaunches"));
        QVERIFY(action);
        action->trigger();
        m_dialog = m_window->findChild<SweepDialog*>();
        QVERIFY(m_dialog);
        QVERIFY(m_dialog->isVisible());
        m_table = m_dialog->findChild<QTableWidget*>(QStringLiteral("sweepTable"));
        QVERIFY(m_table);
        QTRY_VERIFY_WITH_TIMEOUT(!m_dialog->running() && m_table->rowCount() > 0, 60000);
    }

    void cleanupTestCase() { delete m_window; }

    /// 32 work-items: work-group sizes 1, 2, 4, 8, 16, 32 x in-order, reverse, round-robin.
    void rowsAndVerdicts() {
        QCOMPARE(m_table->rowCount(), 18);
        QCOMPARE(m_table->item(0, 0)->text(), QStringLiteral("local 1, in-order"));
        QCOMPARE(m_table->item(17, 0)->text(), QStringLiteral("local 32, round-robin"));
        // every work-group size shows an error: races from 2 work-items on, out-of-bounds
        // writes to partial[] (16 ints) under 32 and to group_sums[] (2 ints) under 1 to 8
        for (int r = 0; r < m_table->rowCount(); ++r) {
            QCOMPARE(m_table->item(r, 1)->text(), QStringLiteral("errors"));
            QCOMPARE(m_dialog->rowVerdict(r), SweepDialog::RowVerdict::Errors);
        }
        QCOMPARE(m_table->item(0, 3)->text(), QStringLiteral("1")); // the uninitialized read
        // results: local 1 (3 schedules) is class 1; local 4, in-order is class 3
        QCOMPARE(m_table->item(0, 4)->text(), QStringLiteral("class 1"));
        QCOMPARE(m_table->item(rowNamed(m_table, QStringLiteral("local 4, in-order")), 4)->text(),
                 QStringLiteral("class 3"));
        auto* summary = m_dialog->findChild<QLabel*>(QStringLiteral("sweepSummary"));
        QVERIFY(summary);
        QCOMPARE(summary->text(),
                 QStringLiteral("18 configurations. Verdict: errors (10 classes of configurations "
                                "with equal results)"));
    }

    /// The verdict cell's colours: one per verdict, text contrast at least 4.5:1.
    void verdictColours() {
        for (int r = 0; r < m_table->rowCount(); ++r) {
            const SweepDialog::RowVerdict v = m_dialog->rowVerdict(r);
            QTableWidgetItem* cell = m_table->item(r, 1);
            QCOMPARE(cell->text(), SweepDialog::verdictText(v));
            QCOMPARE(cell->background().color(), SweepDialog::verdictBackground(v));
            QCOMPARE(cell->foreground().color(), SweepDialog::verdictForeground(v));
        }
        const int errors = rowNamed(m_table, QStringLiteral("local 16, in-order"));
        QCOMPARE(m_table->item(errors, 1)->background().color(), QColor(0xfa, 0xd4, 0xd4));
        using V = SweepDialog::RowVerdict;
        for (V v : {V::NotLaunched, V::Errors, V::OtherResults, V::Warnings, V::Clean})
            QVERIFY2(contrast(SweepDialog::verdictBackground(v),
                              SweepDialog::verdictForeground(v)) >= 4.5,
                     qPrintable(SweepDialog::verdictText(v)));
        QVERIFY(SweepDialog::verdictBackground(V::Errors) !=
                SweepDialog::verdictBackground(V::Clean));
    }

    /// Each row's first diagnostic, and the deduplicated diagnostics below the table.
    void firstDiagnostics() {
        const int row = rowNamed(m_table, QStringLiteral("local 16, in-order"));
        QCOMPARE(m_table->item(row, 5)->text(),
                 QStringLiteral("data-race at reduction_race.cl:21:29"));
        auto* findings = m_dialog->findChild<QListWidget*>(QStringLiteral("sweepFindings"));
        QVERIFY(findings);
        // uninitialized-read, out-of-bounds (global), two benign-race and two data-race
        // site pairs on partial[1], out-of-bounds (local): as `clstep-cli sweep` lists them
        QCOMPARE(findings->count(), 7);
        QVERIFY2(findings->item(0)->text().endsWith(
                     QStringLiteral("reduction_race.cl:21:29: warning: Uninitialized value read of "
                                    "size 4 at local memory address 0x6000010000000020 ('partial', "
                                    "byte offset 32, element 8): 4 of 4 bytes of the value never "
                                    "written (first: byte 0); origin: local variable 'partial' "
                                    "[uninitialized-read] (960 occurrences)\n"
                                    "under 12 of 18 configurations")),
                 qPrintable(findings->item(0)->text()));
        QVERIFY2(findings->item(2)->text().contains(QStringLiteral("[benign-race]")),
                 qPrintable(findings->item(2)->text()));
        QVERIFY2(findings->item(4)->text().contains(QStringLiteral("[data-race]")),
                 qPrintable(findings->item(4)->text()));
        QVERIFY2(findings->item(6)->text().contains(QStringLiteral(
                     "reduction_race.cl:16:5: error: Invalid write of size 4 at local memory")),
                 qPrintable(findings->item(6)->text()));
        QVERIFY(findings->item(6)->toolTip().contains(
            QStringLiteral("partial[lid] = input[get_global_id(0)];")));
    }

    /// A double-click on "local 8, reverse" gives that configuration to the debugger, which
    /// stops at the configuration's first diagnostic.
    void doubleClickOpensTheConfiguration() {
        const int row = rowNamed(m_table, QStringLiteral("local 8, reverse"));
        QVERIFY(row >= 0);
        const Diagnostic* first = m_dialog->firstDiagnostic(row);
        QVERIFY(first);
        m_table->scrollToItem(m_table->item(row, 0));
        const QRect cell = m_table->visualItemRect(m_table->item(row, 0));
        // a double-click is a press, a release, then the double-click event on the same item
        QTest::mouseClick(m_table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(m_table->viewport(), Qt::LeftButton, {}, cell.center());
        DebugController* c = m_window->controller();
        QTRY_VERIFY_WITH_TIMEOUT(c->pending() == 0 && !c->busy() &&
                                     c->state().operation == QStringLiteral("continue"),
                                 30000);
        const SessionState& s = c->state();
        QCOMPARE(s.range.local[0], 8ull);
        QCOMPARE(s.policy, debug::SchedulePolicy::Reverse);
        QVERIFY(s.breakOnError);
        QVERIFY(s.snapshot);
        // stopped at the first error of this configuration: the same kind and place
        QVERIFY2(!s.snapshot->diagnostics.empty(), qPrintable(s.lastError));
        const Diagnostic& d = s.snapshot->diagnostics.back();
        QCOMPARE(QString::fromUtf8(DiagnosticKinds::name(d.kind)),
                 QString::fromUtf8(DiagnosticKinds::name(first->kind)));
        QCOMPARE(d.range.begin.line, first->range.begin.line);
        QCOMPARE(d.range.begin.column, first->range.begin.column);
        QVERIFY2(QString::fromStdString(s.snapshot->stopReason).contains(QStringLiteral("error")),
                 s.snapshot->stopReason.c_str());
    }

    /// The matrix fields (empty: the defaults) and the suppression files, as `clstep-cli sweep
    /// reduction_race.sim --local 8,16 --schedules in-order --suppressions F` gives them: two
    /// rows, the data races left out (so local 16 has only other results), the count of
    /// suppressed reports in the summary; an invalid list is shown and nothing runs.
    void matrixFieldsAndSuppressions() {
        auto* local = m_dialog->findChild<QLineEdit*>(QStringLiteral("sweepLocal"));
        auto* subGroups = m_dialog->findChild<QLineEdit*>(QStringLiteral("sweepSubGroups"));
        auto* schedules = m_dialog->findChild<QLineEdit*>(QStringLiteral("sweepSchedules"));
        auto* random = m_dialog->findChild<QSpinBox*>(QStringLiteral("sweepRandom"));
        auto* endians = m_dialog->findChild<QLineEdit*>(QStringLiteral("sweepEndians"));
        auto* suppressions = m_dialog->findChild<QLineEdit*>(QStringLiteral("sweepSuppressions"));
        auto* run = m_dialog->findChild<QPushButton*>(QStringLiteral("sweepRun"));
        auto* summary = m_dialog->findChild<QLabel*>(QStringLiteral("sweepSummary"));
        auto* findings = m_dialog->findChild<QListWidget*>(QStringLiteral("sweepFindings"));
        QVERIFY(local && subGroups && schedules && random && endians && suppressions && run &&
                summary && findings);
        QVERIFY(local->text().isEmpty() && schedules->text().isEmpty());
        QCOMPARE(local->placeholderText(),
                 QStringLiteral("every size that divides the global size"));
        QCOMPARE(schedules->placeholderText(), QStringLiteral("in-order,reverse,round-robin"));
        QCOMPARE(random->value(), 0);
        QVERIFY(run->isEnabled());

        QTemporaryDir dir;
        QFile rules(dir.filePath(QStringLiteral("known.supp")));
        QVERIFY(rules.open(QIODevice::WriteOnly));
        rules.write("data-race  reduction_race.cl:*\n");
        rules.close();
        local->setText(QStringLiteral("8,16"));
        schedules->setText(QStringLiteral("in-order"));
        suppressions->setText(rules.fileName());
        QSignalSpy done(m_dialog, &SweepDialog::finished);
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(m_table->rowCount(), 2);
        QCOMPARE(m_table->item(0, 0)->text(), QStringLiteral("local 8, in-order"));
        QCOMPARE(m_table->item(0, 1)->text(), QStringLiteral("errors")); // out-of-bounds
        QCOMPARE(m_table->item(1, 0)->text(), QStringLiteral("local 16, in-order"));
        QCOMPARE(m_table->item(1, 1)->text(), QStringLiteral("other results"));
        QCOMPARE(m_table->item(1, 2)->text(), QStringLiteral("0"));
        // uninitialized-read, out-of-bounds: the same-value occurrences of the raced site pair
        // are part of its data-race (one verdict per pair of sites), suppressed with it
        QCOMPARE(findings->count(), 2);
        for (int i = 0; i < findings->count(); ++i)
            QVERIFY2(!findings->item(i)->text().contains(QStringLiteral("[data-race]")),
                     qPrintable(findings->item(i)->text()));
        QCOMPARE(summary->text(),
                 QStringLiteral("2 configurations. Verdict: errors (2 classes of configurations "
                                "with equal results). 1 report suppressed by 1 rule"));

        // sub-group sizes and byte orders as the CLI lists them: 2 x 2 x 2 rows
        subGroups->setText(QStringLiteral("8,16"));
        endians->setText(QStringLiteral("little,big"));
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 60000);
        QCOMPARE(m_table->rowCount(), 8);
        QCOMPARE(m_table->item(7, 0)->text(),
                 QStringLiteral("local 16, sub-group 16, in-order, big-endian"));

        // an invalid list: its error, no table
        local->setText(QStringLiteral("0"));
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 3, 60000);
        QCOMPARE(m_table->rowCount(), 0);
        QCOMPARE(summary->text(),
                 QStringLiteral("The matrix has an error: --local: invalid "
                                "work-group size '0' (a size is N, NxM or NxMxK)"));
    }

    /// CLSTEP_SUPPRESSIONS (the OpenCL platform's variable) fills the field of a new dialog;
    /// a file that cannot be read is shown, and nothing runs.
    void suppressionsFromTheEnvironment() {
        qputenv("CLSTEP_SUPPRESSIONS", "/no/such/known.supp");
        const int before = m_window->findChildren<SweepDialog*>().size();
        m_window->findChild<QAction*>(QStringLiteral("checkAcrossLaunches"))->trigger();
        qunsetenv("CLSTEP_SUPPRESSIONS");
        const QList<SweepDialog*> dialogs = m_window->findChildren<SweepDialog*>();
        QCOMPARE(dialogs.size(), before + 1);
        SweepDialog* dialog = nullptr;
        for (SweepDialog* d : dialogs)
            if (d != m_dialog) dialog = d;
        QVERIFY(dialog);
        auto* field = dialog->findChild<QLineEdit*>(QStringLiteral("sweepSuppressions"));
        QCOMPARE(field->text(), QStringLiteral("/no/such/known.supp"));
        auto* summary = dialog->findChild<QLabel*>(QStringLiteral("sweepSummary"));
        QTRY_VERIFY_WITH_TIMEOUT(
            summary->text().startsWith(QStringLiteral("The suppression file has errors:\n")),
            60000);
        QVERIFY2(summary->text().contains(QStringLiteral("/no/such/known.supp")),
                 qPrintable(summary->text()));
        QCOMPARE(dialog->findChild<QTableWidget*>(QStringLiteral("sweepTable"))->rowCount(), 0);
        delete dialog;
    }
};

QTEST_MAIN(TestSweepDialog)
#include "tst_sweepdialog.moc"
