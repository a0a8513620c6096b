// Tests for launch::Suppressions: the rule syntax and its errors, matching (kind, FILE:LINE,
// FILE:*, globs on path suffixes, kernel=NAME, message regex), counts, and ruleFor
// (docs/diagnostics.md, "Suppressions").

#include "common/SourceManager.h"
#include "launch/Suppressions.h"

#include <QTest>

using namespace clstep;
using namespace clstep::launch;

namespace {

/// A report of `kind` at `line` of file `file` (in `sources`) with `message`.
Diagnostic report(SourceManager& sources, const std::string& file, uint32_t line,
                  const std::string& kind = "data-race", const std::string& message = "x") {
    Diagnostic d;
    std::string unknown;
    d.kind = DiagnosticKinds::fromName(kind, unknown).value();
    d.message = message;
    const uint32_t id = sources.addFile(file, "");
    d.range.begin = {id, line, 5};
    d.range.end = {id, line, 9};
    return d;
}

} // namespace

class TestSuppressions : public QObject {
    Q_OBJECT
private slots:
    void parsesRulesAndComments() {
        Suppressions s;
        auto errors = s.parse("s.supp", "# comment\n\n  data-race  a.cl:27  /read by/  # why\n"
                                        "* kernel=k*\r\nuninitialized-read dir/b.cl:*\n");
        QVERIFY(errors.empty());
        QCOMPARE(s.rules().size(), size_t(3));
        const Suppressions::Rule& r = s.rules()[0];
        QCOMPARE(r.text, std::string("data-race  a.cl:27  /read by/"));
        QCOMPARE(r.kind.value(), DiagnosticKind::DataRace);
        QCOMPARE(r.filePattern, std::string("a.cl"));
        QCOMPARE(r.line, 27u);
        QCOMPARE(r.messageText, std::string("read by"));
        QCOMPARE(r.fileLine, 3u);
        QCOMPARE(s.rules()[1].kernelPattern, std::string("k*"));
        QCOMPARE(s.rules()[1].text, std::string("* kernel=k*"));
        QCOMPARE(s.rules()[2].line, 0u);
    }

    void malformedLinesAreErrorsAtTheirColumn() {
        Suppressions s;
        auto errors = s.parse("s.supp", "data-race a.cl:1\nDATA a.cl:1\ndata-race a.cl:x\n"
                                        "data-race a.cl:1 /[/\n");
        QCOMPARE(errors.size(), size_t(3));
        QCOMPARE(s.rules().size(), size_t(1)); // the good rule is kept
        QCOMPARE(errors[0].range.begin.line, 2u);
        QCOMPARE(errors[0].range.begin.column, 1u);
        QCOMPARE(errors[0].kind, DiagnosticKind::Suppressions);
        QCOMPARE(errors[1].range.begin.line, 3u);
        QCOMPARE(errors[1].range.begin.column, 16u);
        QCOMPARE(errors[1].message,
                 std::string("'x' is not a line: a line is a number from 1, or '*'"));
        QCOMPARE(errors[2].range.begin.column, 18u);
        QVERIFY(errors[2].message.rfind("invalid message pattern /[/: ", 0) == 0);
        QCOMPARE(s.sources().path(errors[0].range.begin.file), std::string("s.supp"));
    }

    /// A kind is one of the table's (DiagnosticKinds::fromName): a name written like a kind
    /// that is none is an error too, with the closest kind.
    void unknownKindsAreErrors() {
        Suppressions s;
        auto errors = s.parse("s.supp", "data-races a.cl:1\nfrobnicate a.cl:1\n* a.cl:1\n");
        QCOMPARE(errors.size(), size_t(2));
        QCOMPARE(s.rules().size(), size_t(1));
        QCOMPARE(errors[0].message,
                 std::string("'data-races' is not a diagnostic kind: did you mean 'data-race'? "
                             "(clstep-cli kinds lists them), or '*' for any kind"));
        QCOMPARE(errors[0].range.begin.column, 1u);
        QCOMPARE(errors[0].range.end.column, 11u);
        QCOMPARE(errors[1].message, std::string("'frobnicate' is not a diagnostic kind "
                                                "(clstep-cli kinds lists them), or '*' for any "
                                                "kind"));
        QVERIFY(!s.rules()[0].kind); // '*'
    }

    void matchesKindPlaceKernelAndMessage() {
        Suppressions s;
        QVERIFY(s.parse("s.supp", "data-race reduce.cl:27\n"
                                  "out-of-bounds k*/*.cl:*\n"
                                  "* kernel=scan_? /^Read-write/\n")
                    .empty());
        SourceManager src;
        // FILE matches the path or a trailing part of it after a '/'.
        QVERIFY(s.match(report(src, "/src/kernels/reduce.cl", 27), src, "r"));
        QVERIFY(s.match(report(src, "reduce.cl", 27), src, "r"));
        QVERIFY(!s.match(report(src, "/src/myreduce.cl", 27), src, "r"));
        QVERIFY(!s.match(report(src, "reduce.cl", 28), src, "r"));
        QVERIFY(!s.match(report(src, "reduce.cl", 27, "uninitialized-read"), src, "r"));
        // Globs in FILE, any line.
        QVERIFY(s.match(report(src, "/x/kernels/a.cl", 3, "out-of-bounds"), src, "r"));
        QVERIFY(!s.match(report(src, "/x/other/a.cl", 3, "out-of-bounds"), src, "r"));
        // kernel=, any kind, with a message pattern.
        QVERIFY(
            s.match(report(src, "z.cl", 1, "barrier-divergence", "Read-write ..."), src, "scan_1"));
        QVERIFY(!s.match(report(src, "z.cl", 1, "data-race", "Write-write ..."), src, "scan_1"));
        QVERIFY(!s.match(report(src, "z.cl", 1, "data-race", "Read-write ..."), src, "scan_12"));
        // A report without a location matches kernel= rules only.
        Diagnostic none;
        none.kind = DiagnosticKind::Launch;
        none.message = "Read-write";
        QVERIFY(s.match(none, src, "scan_2"));
        none.kind = DiagnosticKind::DataRace;
        QVERIFY(!s.match(none, src, "other"));
    }

    void countsPerRule() {
        Suppressions s;
        QVERIFY(
            s.parse("s.supp", "data-race a.cl:1\ndata-race a.cl:*\ndata-race b.cl:*\n").empty());
        SourceManager src;
        QVERIFY(s.suppresses(report(src, "a.cl", 1), src, "k"));
        QVERIFY(s.suppresses(report(src, "a.cl", 1), src, "k"));
        QVERIFY(s.suppresses(report(src, "a.cl", 2), src, "k")); // the second rule
        QVERIFY(!s.suppresses(report(src, "c.cl", 2), src, "k"));
        QCOMPARE(s.suppressedReports(), uint64_t(3));
        QCOMPARE(s.rulesUsed(), size_t(2));
        QCOMPARE(s.summaryLine(), std::string("3 reports suppressed by 2 rules"));
        QCOMPARE(s.counts()[0].reports, uint64_t(2));
        QCOMPARE(s.counts()[2].reports, uint64_t(0));
        QVERIFY(s.toJson()["per_rule"][1]["rule"] == "data-race a.cl:*");
        s.resetCounts();
        QCOMPARE(s.summaryLine(), std::string("0 reports suppressed by 0 rules"));
        QVERIFY(s.suppresses(report(src, "b.cl", 9), src, "k"));
        QCOMPARE(s.summaryLine(), std::string("1 report suppressed by 1 rule"));
    }

    /// The rule ruleFor writes is one the parser reads back, and it matches the report.
    void ruleForRoundTrips() {
        SourceManager src;
        const Diagnostic a = report(src, "/tmp/x/we[ir]d*.cl", 12, "uninitialized-read");
        const std::string rule = Suppressions::ruleFor(a, src, "k");
        QCOMPARE(rule, std::string("uninitialized-read  we\\[ir\\]d\\*.cl:12"));
        Diagnostic none;
        none.kind = DiagnosticKind::Launch;
        QCOMPARE(Suppressions::ruleFor(none, src, "kern"), std::string("launch  kernel=kern"));
        Suppressions s;
        QVERIFY(
            s.parse("gen.supp", rule + "\n" + Suppressions::ruleFor(none, src, "kern")).empty());
        QVERIFY(s.match(a, src, "k"));
        QVERIFY(s.match(none, src, "kern"));
        QVERIFY(!s.match(report(src, "/tmp/x/weird*.cl", 12, "uninitialized-read"), src, "k"));
    }

    void unreadableFileIsOneError() {
        Suppressions s;
        auto errors = s.load("/nonexistent/dir/s.supp");
        QCOMPARE(errors.size(), size_t(1));
        QCOMPARE(errors[0].message,
                 std::string("cannot read the suppressions file '/nonexistent/dir/s.supp'"));
        QVERIFY(s.empty());
    }
};

QTEST_GUILESS_MAIN(TestSuppressions)
#include "tst_suppressions.moc"
