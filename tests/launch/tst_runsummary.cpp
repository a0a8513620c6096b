// Tests for launch::RunSummary: totals per kernel and kind, the first location of each kind,
// the text lines and the JSON round trip (docs/diagnostics.md, "Summary").

#include "launch/RunSummary.h"

#include <QTest>

#include <sstream>

using namespace clstep::launch;
using nlohmann::json;

namespace {

json diag(const char* kind, const char* severity, int line, int column, int count = 1) {
    json d = {{"kind", kind},
              {"severity", severity},
              {"file", "r.cl"},
              {"line", line},
              {"column", column}};
    if (count > 1) d["count"] = count;
    return d;
}

} // namespace

class TestRunSummary : public QObject {
    Q_OBJECT
private slots:
    void totalsAndFirstLocations() {
        RunSummary s;
        s.addLaunch("reduce", 1,
                    json::array({diag("data-race", "error", 27, 9, 44),
                                 diag("uninitialized-read", "warning", 12, 5)}));
        s.addLaunch("scale", 2, json::array());
        s.addLaunch("reduce", 3, json::array({diag("data-race", "error", 30, 1)}));
        QCOMPARE(s.launches(), uint64_t(3));
        QCOMPARE(s.reports(), uint64_t(3));
        QCOMPARE(s.errors(), uint64_t(2));
        const RunSummary::KindTotal& race = s.kernels()[0].kinds[0];
        QCOMPARE(race.reports, uint64_t(2));
        QCOMPARE(race.occurrences, uint64_t(45));
        QCOMPARE(race.line, 27u);
        QCOMPARE(race.launch, 1u);
        std::ostringstream text;
        s.printText(text);
        QCOMPARE(text.str(),
                 std::string("SUMMARY: clstep: kernel reduce: 2 launches; data-race: 2 reports, "
                             "first at r.cl:27:9; uninitialized-read: 1 report, first at "
                             "r.cl:12:5\n"
                             "SUMMARY: clstep: kernel scale: 1 launch; no reports\n"));
    }

    void jsonRoundTrip() {
        RunSummary s;
        s.addLaunch("k", 1, json::array({diag("out-of-bounds", "error", 3, 2)}));
        const json j = s.toJson();
        QVERIFY(j["errors"] == 1);
        QVERIFY(j["kernels"][0]["reports"][0]["first"]["line"] == 3);
        const RunSummary back = RunSummary::fromJson(j);
        QVERIFY(back.toJson() == j);
        QCOMPARE(RunSummary::fromJson(json::array()).launches(), uint64_t(0));
        QCOMPARE(RunSummary::fromJson(json{{"kernels", 7}}).launches(), uint64_t(0));
        std::ostringstream none;
        RunSummary().printText(none);
        QVERIFY(none.str().empty());
    }
};

QTEST_GUILESS_MAIN(TestRunSummary)
#include "tst_runsummary.moc"
