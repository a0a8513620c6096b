// `clstep-cli run --suppressions FILE`, `--gen-suppressions` and `--error-exitcode` through
// the real binary (docs/diagnostics.md, "Suppressions" and "Exit codes").
#include <QtTest>

#include "cli/CliProcess.h"

using clstep::test::cli;
using clstep::test::CliResult;
using clstep::test::write;

namespace {
/// A kernel with two write-write races (lines 4 and 5) and its launch; returns the .sim.
QString twoRaces(QTemporaryDir& dir) {
    write(dir, "two.cl",
          "__kernel void two(__global int* a, __global int* b)\n"
          "{\n"
          "    int v = get_local_id(0) + 1;\n"
          "    a[0] = v;\n"
          "    b[0] = v;\n"
          "}\n");
    return write(dir, "two.sim",
                 "two.cl\ntwo\n2 1 1\n2 1 1\n<size=4 int fill=0>\n<size=4 int fill=0>\n");
}

/// The `[data-race]` report lines of `err`, in order.
QStringList raceLines(const QString& err) {
    QStringList out;
    for (const QString& l : err.split('\n'))
        if (l.contains(QStringLiteral("[data-race]"))) out << l;
    return out;
}
} // namespace

class TestCliSuppressions : public QObject {
    Q_OBJECT
private slots:
    void withoutSuppressionsBothRacesAreReported() {
        QTemporaryDir dir;
        CliResult r = cli({"run", twoRaces(dir)});
        QCOMPARE(r.code, 1);
        const QStringList races = raceLines(r.err);
        QCOMPARE(races.size(), 2);
        QVERIFY2(races[0].contains(QStringLiteral("two.cl:4:")), qPrintable(r.err));
        QVERIFY2(races[1].contains(QStringLiteral("two.cl:5:")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("suppressed")), qPrintable(r.err));
    }

    void oneRuleSilencesExactlyOneRace() {
        QTemporaryDir dir;
        const QString sim = twoRaces(dir);
        const QString supp =
            write(dir, "one.supp", "# the race on a[0] is known\n\ndata-race two.cl:4\n");
        CliResult r = cli({"run", sim, "--suppressions", supp});
        QCOMPARE(r.code, 1);
        const QStringList races = raceLines(r.err);
        QCOMPARE(races.size(), 1);
        QVERIFY2(races[0].contains(QStringLiteral("two.cl:5:")), qPrintable(r.err));
        QVERIFY2(r.err.endsWith(QStringLiteral("clstep-cli: 1 report suppressed by 1 rule\n")),
                 qPrintable(r.err));
    }

    void fileStarKernelAndMessageRules() {
        QTemporaryDir dir;
        const QString sim = twoRaces(dir);
        // FILE:* takes both races; the run is clean.
        CliResult r = cli({"run", sim, "--suppressions",
                           write(dir, "all.supp", "data-race  two.cl:*   # both\n")});
        QCOMPARE(r.code, 0);
        QVERIFY2(raceLines(r.err).isEmpty(), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("clstep-cli: 2 reports suppressed by 1 rule\n")),
                 qPrintable(r.err));
        // kernel=NAME (a glob) with a message pattern that only one race's message has.
        r = cli({"run", sim, "--suppressions",
                 write(dir, "kernel.supp",
                       "* kernel=tw? /^Write-write data race .*'b'/\n"
                       "data-race kernel=other\n")});
        QCOMPARE(r.code, 1);
        const QStringList races = raceLines(r.err);
        QCOMPARE(races.size(), 1);
        QVERIFY2(races[0].contains(QStringLiteral("two.cl:4:")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("clstep-cli: 1 report suppressed by 1 rule\n")),
                 qPrintable(r.err));
        // Another kind at the right place suppresses nothing.
        r = cli({"run", sim, "--suppressions",
                 write(dir, "kind.supp", "uninitialized-read two.cl:4\n")});
        QCOMPARE(r.code, 1);
        QCOMPARE(raceLines(r.err).size(), 2);
        QVERIFY2(r.err.contains(QStringLiteral("clstep-cli: 0 reports suppressed by 0 rules\n")),
                 qPrintable(r.err));
    }

    /// Each malformed line is an error at its file:line:col; the run does not start (exit 2).
    void malformedLinesAreUsageErrors() {
        QTemporaryDir dir;
        const QString sim = twoRaces(dir);
        const QString supp = write(dir, "bad.supp",
                                   "# comment\n"
                                   "data-race two.cl:4\n"
                                   "Data-Race two.cl:4\n"
                                   "data-race\n"
                                   "data-race two.cl\n"
                                   "data-race two.cl:0\n"
                                   "data-race kernel=\n"
                                   "data-race two.cl:4 /(unclosed/\n"
                                   "data-race two.cl:4 /open\n"
                                   "data-race two.cl:4 /x/ extra\n"
                                   "data-race two.cl:4 extra\n");
        CliResult r = cli({"run", sim, "--suppressions", supp});
        QCOMPARE(r.code, 2);
        QVERIFY2(raceLines(r.err).isEmpty(), qPrintable(r.err)); // nothing ran
        const QStringList expected = {
            ":3:1: error: 'Data-Race' is not a diagnostic kind: a kind is written as in a "
            "report's [KIND] (lower-case letters, digits and '-', e.g. data-race), or '*' for "
            "any kind [suppressions]",
            ":4:10: error: expected a location after 'data-race': FILE:LINE, FILE:* or "
            "kernel=NAME [suppressions]",
            ":5:11: error: 'two.cl' is not a location: FILE:LINE, FILE:* or kernel=NAME "
            "[suppressions]",
            ":6:18: error: '0' is not a line: a line is a number from 1, or '*' [suppressions]",
            ":7:11: error: 'kernel=' needs a kernel name (kernel=NAME) [suppressions]",
            ":8:20: error: invalid message pattern /(unclosed/: ",
            ":9:20: error: the message pattern has no closing '/' [suppressions]",
            ":10:24: error: unexpected 'extra' after the rule (a comment starts with '#') "
            "[suppressions]",
            ":11:20: error: expected a message pattern /REGEX/ or the end of the rule, found "
            "'extra' [suppressions]",
        };
        for (const QString& e : expected)
            QVERIFY2(r.err.contains(supp + e), qPrintable(e + "\nnot in:\n" + r.err));
        QCOMPARE(r.err.count(QStringLiteral("error:")), expected.size());
        // The offending line is shown under its error, with a caret.
        QVERIFY2(r.err.contains(QStringLiteral("  Data-Race two.cl:4\n  ^~~~~~~~~\n")),
                 qPrintable(r.err));

        r = cli({"run", sim, "--suppressions", dir.filePath("missing.supp")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(dir.filePath("missing.supp") +
                                ": error: cannot read the suppressions file '" +
                                dir.filePath("missing.supp") + "' [suppressions]"),
                 qPrintable(r.err));
    }

    /// The rules --gen-suppressions prints, pasted into a file, suppress every report.
    void generatedRulesSuppressEverything() {
        QTemporaryDir dir;
        const QString sim = twoRaces(dir);
        CliResult r = cli({"run", sim, "--gen-suppressions"});
        QCOMPARE(r.code, 1);
        QCOMPARE(raceLines(r.err).size(), 2);
        const QString header =
            QStringLiteral("# clstep: suppression rules for the reports above:\n");
        const qsizetype at = r.err.indexOf(header);
        QVERIFY2(at >= 0, qPrintable(r.err));
        const QString block = r.err.mid(at);
        QCOMPARE(block, header + "data-race  two.cl:4\ndata-race  two.cl:5\n");
        const QString supp = write(dir, "gen.supp", block.toUtf8());
        r = cli({"run", sim, "--suppressions", supp});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.err, QStringLiteral("clstep-cli: 2 reports suppressed by 2 rules\n"));
    }

    /// --error-exitcode N replaces run's exit status 1 for an error report; a suppressed error
    /// counts for nothing.
    void errorExitcode() {
        QTemporaryDir dir;
        const QString sim = twoRaces(dir);
        CliResult r = cli({"run", sim, "--error-exitcode", "3"});
        QCOMPARE(r.code, 3);
        r = cli({"run", sim, "--error-exitcode", "3", "--suppressions",
                 write(dir, "all.supp", "data-race two.cl:*\n")});
        QCOMPARE(r.code, 0);
        r = cli({"run", sim, "--error-exitcode", "0"});
        QCOMPARE(r.code, 2); // 1..255
    }
};

QTEST_GUILESS_MAIN(TestCliSuppressions)
#include "tst_clisuppressions.moc"
