// debug::Session stops: conditional line breakpoints (compiled in the scope of the line),
// data watchpoints in every address space (read, write, change, access), break on runtime
// errors (on by default), and reverse continue to the previous stop.
#include "debug/Session.h"

#include <QtTest>

#include <fstream>
#include <set>

using namespace clstep;
using namespace clstep::debug;

namespace {
const std::string kSamples = CLSTEP_SOURCE_DIR "/samples/";

/// Writes `name`.cl and `name`.sim into `dir`; returns the .sim path.
std::string writeKernel(const QTemporaryDir& dir, const std::string& name, const std::string& cl,
                        const std::string& sim) {
    std::string base = dir.path().toStdString() + "/" + name;
    std::ofstream(base + ".cl") << cl;
    std::ofstream(base + ".sim") << name << ".cl\n" << name << "\n" << sim;
    return base + ".sim";
}

// No data race (the race checker is on): each work-item writes its own element.
const char* kOobKernel = "__kernel void oob(__global int *out)\n" // 1
                         "{\n"                                    // 2
                         "    int i = get_global_id(0);\n"        // 3
                         "    int j = i * 2;\n"                   // 4
                         "    out[i + 2] = j;\n"                  // 5: out of bounds for i >= 2
                         "    j = j + i;\n"                       // 6
                         "}\n";
const char* kOobSim = "8 1 1\n4 1 1\n<size=16 int fill=0 dump>\n";

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}
} // namespace

class TestBreakpoints : public QObject {
    Q_OBJECT
private slots:
    void conditionOnLocalId() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        int id = s.addBreakpoint(21, "get_local_id(0) == 3");
        QVERIFY2(id > 0, s.lastError().c_str());
        QCOMPARE(s.breakpoints().front().condition, std::string("get_local_id(0) == 3"));
        QVERIFY(s.reset());
        // In id order, work-item 1 overwrites partial[1] after work-item 0 read it (the
        // missing barrier): the race checker stops there first, before work-item 3 arrives.
        QVERIFY(s.continueRun());
        QVERIFY2(contains(s.snapshot().stopReason, "[data-race] at line 21, work-item (1,0,0)"),
                 s.snapshot().stopReason.c_str());
        QCOMPARE(s.breakpoints().front().hits, uint64_t(0));
        s.setBreakOnError(false);
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        QCOMPARE(snap.workItems[snap.selected].id.local[0], uint64_t(3));
        QCOMPARE(snap.workItems[snap.selected].state, WorkItemState::AtBreakpoint);
        QVERIFY2(contains(snap.stopReason, "breakpoint 1 at line 21"), snap.stopReason.c_str());
        QCOMPARE(s.evaluate("stride").value, std::string("8"));
        QVERIFY(s.continueRun()); // the same work-item, next loop iteration
        QCOMPARE(s.evaluate("stride").value, std::string("4"));
        QCOMPARE(s.breakpoints().front().hits, uint64_t(2));
    }

    void conditionOnLoopVariable() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "matmul_naive.sim"));
        QVERIFY(s.addBreakpoint(19, "k > 5 && row == 1") > 0);
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        QCOMPARE(s.evaluate("k").value, std::string("6"));
        QCOMPARE(s.evaluate("row").value, std::string("1"));
        QCOMPARE(s.evaluate("col").value, std::string("0"));
    }

    // Issue #16: a hit count makes a breakpoint stop from its N-th hit; a disabled one never
    // stops.
    void hitCountAndEnable() {
        Session s;
        s.setBreakOnError(false);
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        const int id = s.addBreakpoint(16); // partial[lid] = input[...]: once per work-item
        QVERIFY(id > 0);
        QVERIFY(s.setBreakpointHitCount(id, 5));
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        QVERIFY2(contains(snap.stopReason, "breakpoint"), snap.stopReason.c_str());
        QCOMPARE(snap.workItems[snap.selected].id.local[0], uint64_t(4)); // the 5th to arrive
        QCOMPARE(s.breakpoints().front().reached, uint64_t(5));
        QVERIFY(s.continueRun()); // from then on every time
        QCOMPARE(s.snapshot().workItems[s.snapshot().selected].id.local[0], uint64_t(5));
        QVERIFY(s.setBreakpointEnabled(id, false));
        QVERIFY(s.continueRun());
        QCOMPARE(s.snapshot().stopReason, std::string("kernel finished"));
        QVERIFY(!s.setBreakpointEnabled(999, true));
        QVERIFY(!s.setBreakpointHitCount(999, 2));
    }

    void badConditionsAreReportedWhenSet() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QCOMPARE(s.addBreakpoint(21, "nosuch > 1"), 0);
        QVERIFY2(contains(s.lastError(), "undeclared identifier 'nosuch'"), s.lastError().c_str());
        QVERIFY(contains(s.lastError(), "hint"));
        QCOMPARE(s.addBreakpoint(21, "lid >"), 0);
        QVERIFY(contains(s.lastError(), "column"));
        QCOMPARE(s.addBreakpoint(17, "stride > 1"), 0); // not declared before the loop
        QCOMPARE(s.addBreakpoint(21, "partial"), 0);    // an array is not a condition
        QVERIFY(contains(s.lastError(), "scalar"));
        QCOMPARE(s.addBreakpoint(21, "lid = 3"), 0); // side effect
        QCOMPARE(s.addBreakpoint(200, "lid == 3"), 0);
        QVERIFY(contains(s.lastError(), "no statement"));
        QVERIFY(s.breakpoints().empty());
    }

    void conditionThatFailsAtRunTimeStops() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.addBreakpoint(21, "partial[lid + 100] == 0") > 0);
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        std::string reason = s.snapshot().stopReason;
        QVERIFY2(contains(reason, "could not be evaluated") && contains(reason, "Invalid read"),
                 reason.c_str());
        QVERIFY(s.snapshot().diagnostics.empty()); // evaluating the condition reported nothing
    }

    void watchWriteOfLocalElement() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.step()); // paused at the __local declaration
        QVERIFY(s.step()); // declared
        int id = s.addWatchpoint("partial[5]", WatchKind::Write);
        QVERIFY2(id > 0, s.lastError().c_str());
        QCOMPARE(s.watchpoints().front().size, uint64_t(4));
        QCOMPARE(s.watchpoints().front().space, AddressSpace::Local);
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        QVERIFY2(contains(snap.stopReason, "watchpoint 1: write of partial[5] (4 bytes) by "
                                           "work-item (5,0,0) at line 16: 0 -> 6"),
                 snap.stopReason.c_str());
        QCOMPARE(snap.workItems[snap.selected].id.local[0], uint64_t(5));
        QCOMPARE(snap.workItems[snap.selected].position.begin.line, 17u);
        QCOMPARE(s.watchpoints().front().hits, uint64_t(1));
    }

    void watchChangeReadAndAccessByAddressSpace() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.step());
        // group_sums[0] is written once per work-group (by lid 0); 'change' ignores equal writes
        int change = s.addWatchpoint(AddressSpace::Global, "group_sums", 0, 4, WatchKind::Change);
        QVERIFY2(change > 0, s.lastError().c_str());
        int read = s.addWatchpoint(AddressSpace::Global, "input", 12, 4, WatchKind::Read);
        QVERIFY(read > 0);
        QVERIFY(s.continueRun());
        QVERIFY2(
            contains(s.snapshot().stopReason,
                     "watchpoint 2: read of __global 'input'+12 (4 bytes) by work-item (3,0,0)"),
            s.snapshot().stopReason.c_str());
        QVERIFY(s.removeWatchpoint(read));
        QVERIFY(s.continueRun());
        QVERIFY2(
            contains(s.snapshot().stopReason, "watchpoint 1: write of __global 'group_sums'+0"),
            s.snapshot().stopReason.c_str());
        QVERIFY(s.continueRun()); // work-item 1 runs next: the data race on partial[1]
        QVERIFY2(contains(s.snapshot().stopReason, "[data-race]"), s.snapshot().stopReason.c_str());
        s.setBreakOnError(false);
        QVERIFY(s.continueRun()); // group 1 writes group_sums[1] only: no more hits
        QCOMPARE(s.snapshot().stopReason, std::string("kernel finished"));
        // errors: bad buffer names and ranges
        QCOMPARE(s.addWatchpoint(AddressSpace::Global, "nosuch", 0, 4, WatchKind::Write), 0);
        QVERIFY(contains(s.lastError(), "input"));
        QCOMPARE(s.addWatchpoint(AddressSpace::Global, "input", 120, 16, WatchKind::Write), 0);
        QVERIFY(contains(s.lastError(), "outside"));
        QCOMPARE(s.addWatchpoint("lid + 1", WatchKind::Write), 0);
        QCOMPARE(s.addWatchpoint("nosuch", WatchKind::Write), 0);
    }

    void watchPrivateVariableOfOneWorkItem() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "matmul_naive.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.selectGlobal({1, 2, 0}));
        for (int i = 0; i < 5; ++i)
            QVERIFY(s.step()); // inside the loop: acc exists
        int id = s.addWatchpoint("acc", WatchKind::Change);
        QVERIFY2(id > 0, s.lastError().c_str());
        QCOMPARE(s.watchpoints().front().space, AddressSpace::Private);
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        QVERIFY2(contains(snap.stopReason, "by work-item (1,2,0)"), snap.stopReason.c_str());
        QCOMPARE(snap.workItems[snap.selected].id.global[1], uint64_t(2));
        int access = s.addWatchpoint(AddressSpace::Private, "col", 0, 4, WatchKind::Access);
        QVERIFY2(access > 0, s.lastError().c_str());
    }

    void breakOnErrorIsOnByDefault() {
        QTemporaryDir dir;
        std::string sim = writeKernel(dir, "oob", kOobKernel, kOobSim);
        Session s;
        QVERIFY(s.breakOnError());
        QVERIFY(s.loadSim(sim));
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        QVERIFY2(contains(snap.stopReason, "error: Invalid write") &&
                     contains(snap.stopReason, "[out-of-bounds] at line 5") &&
                     contains(snap.stopReason, "work-item (2,0,0)"),
                 snap.stopReason.c_str());
        QCOMPARE(snap.workItems[snap.selected].id.global[0], uint64_t(2));
        QCOMPARE(snap.workItems[snap.selected].position.begin.line, 6u);
        QVERIFY(s.continueRun()); // the same error again, by the next work-item
        QVERIFY2(contains(s.snapshot().stopReason, "work-item (3,0,0)"),
                 s.snapshot().stopReason.c_str());
        s.setBreakOnError(false);
        QVERIFY(s.continueRun());
        QCOMPARE(s.snapshot().stopReason, std::string("kernel finished"));
        QVERIFY(s.reverseContinue()); // back to the last error stop
        QVERIFY2(contains(s.snapshot().stopReason, "work-item (3,0,0)"),
                 s.snapshot().stopReason.c_str());
    }

    // Regression (issue #16): every stop at a repeated race report showed the first
    // report's pair of work-items (0 and 1) in the stop reason and the diagnostic.
    void eachRaceStopShowsItsOwnPair() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        std::set<std::string> reasons, pairs;
        for (int stop = 0; stop < 3; ++stop) {
            QVERIFY(s.continueRun());
            Snapshot snap = s.snapshot();
            QVERIFY2(contains(snap.stopReason, "data race"), snap.stopReason.c_str());
            reasons.insert(snap.stopReason);
            const Diagnostic* race = nullptr;
            for (const Diagnostic& d : snap.diagnostics)
                if (d.kind == DiagnosticKind::DataRace &&
                    contains(snap.stopReason, d.message.c_str()))
                    race = &d;
            QVERIFY2(race && race->workItems.size() >= 2, snap.stopReason.c_str());
            pairs.insert(std::to_string(race->workItems[0].global[0]) + "," +
                         std::to_string(race->workItems[1].global[0]) + "," + race->message);
        }
        QCOMPARE(reasons.size(), size_t(3));
        QVERIFY(pairs.size() >= 2);
    }

    void breakOnErrorOff() {
        QTemporaryDir dir;
        std::string sim = writeKernel(dir, "oob", kOobKernel, kOobSim);
        Session s;
        s.setBreakOnError(false);
        QVERIFY(s.loadSim(sim));
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        QCOMPARE(s.snapshot().stopReason, std::string("kernel finished"));
        QVERIFY(!s.snapshot().diagnostics.empty());
    }

    void reverseContinueReturnsToTheBreakpoint() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        s.addBreakpoint(26);
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        uint64_t stepAtBreak = s.snapshot().step;
        QVERIFY(s.step());
        QVERIFY(s.selectLocal({1, 0, 0}));
        QVERIFY(s.step());
        QVERIFY(s.reverseContinue());
        QCOMPARE(s.snapshot().step, stepAtBreak);
        QVERIFY(contains(s.snapshot().stopReason, "breakpoint 1 at line 26"));
    }
};

QTEST_APPLESS_MAIN(TestBreakpoints)
#include "tst_breakpoints.moc"
