// debug::Session::execute: one debugger command in, one typed Stop out (kind, ids,
// work-item, text), with repeat counts and argument checks done by the Session.
#include "debug/ExploreReport.h"
#include "debug/Session.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::debug;

namespace {
const std::string kSamples = CLSTEP_SOURCE_DIR "/samples/";

using Id = std::array<uint64_t, 3>;

/// Parses `line` as the console would and executes it.
Stop run(Session& s, const std::string& line) {
    std::string why;
    const std::optional<Command> c = Command::parse(line, why);
    if (!c) qFatal("'%s' does not parse: %s", line.c_str(), why.c_str());
    return s.execute(*c);
}

bool startsWith(const std::string& text, const char* prefix) {
    return text.rfind(prefix, 0) == 0;
}

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

/// reduction_race.sim (2 work-groups of 16 work-items, a data race on __local at line 21),
/// reset.
void loadRace(Session& s) {
    QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
    QVERIFY(s.reset());
}
} // namespace

class TestExecute : public QObject {
    Q_OBJECT
private slots:
    void stepCountsAndBarrier() {
        Session s;
        loadRace(s);
        Stop st = run(s, "step 3");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Step);
        QCOMPARE(st.text, std::string("step"));
        QCOMPARE(st.workItem, std::optional<Id>(Id{0, 0, 0}));
        QCOMPARE(s.snapshot().step, uint64_t(3));
        QCOMPARE(s.actionCount(), size_t(3)); // each step is its own action (back undoes one)
        // a count stops early at the barrier
        st = run(s, "step 100");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::AtBarrier);
        QCOMPARE(st.text, std::string("at barrier"));
        QCOMPARE(st.workItem, std::optional<Id>(Id{0, 0, 0}));
        QVERIFY(s.snapshot().step < 20);
        // the work-item waits: refused, and the kind says where it stands
        st = run(s, "next");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::AtBarrier);
        QVERIFY2(startsWith(st.text, "work-item waits at a barrier (1 of 16 arrived)"),
                 st.text.c_str());
        QCOMPARE(st.workItem, std::optional<Id>(Id{0, 0, 0}));
        QCOMPARE(s.lastError(), st.text);
        // the lastStop is the action's stop; the same text as stopReason()
        QCOMPARE(s.lastStop().kind, StopKind::AtBarrier);
        QCOMPARE(s.stopReason(), st.text);
        // lockstep: one statement of every work-item
        QVERIFY(s.reset());
        st = run(s, "lockstep 2");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Step);
        QCOMPARE(st.text, std::string("lockstep step"));
        // back N
        st = run(s, "back 2");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Reset);
        QCOMPARE(s.snapshot().step, uint64_t(0));
        st = run(s, "back");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::Refused);
        QCOMPARE(st.text, std::string("nothing to step back to"));
    }

    void groupAndWorkItemAtBarrier() {
        Session s;
        loadRace(s);
        Stop st = run(s, "tobarrier");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::AtBarrier);
        QCOMPARE(st.text, std::string("at barrier"));
        QCOMPARE(st.workItem, std::optional<Id>(Id{0, 0, 0}));
        st = run(s, "barrier");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::GroupAtBarrier);
        QCOMPARE(st.text, std::string("all work-items at barrier"));
        QVERIFY(!st.workItem);
    }

    void breakpointHit() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        const int id = s.addBreakpoint(21);
        QVERIFY(s.reset());
        const Stop st = run(s, "continue");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Breakpoint);
        QCOMPARE(st.id, id);
        QCOMPARE(st.diagnostic, -1L);
        QCOMPARE(st.workItem, std::optional<Id>(Id{0, 0, 0}));
        QCOMPARE(st.text, std::string("breakpoint 1 at line 21, work-item (0,0,0)"));
        QCOMPARE(s.snapshot().stopReason, st.text);
    }

    void errorStopAtTheRace() {
        Session s;
        loadRace(s);
        const Stop st = run(s, "continue");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Error);
        QCOMPARE(st.id, 0);
        QCOMPARE(st.workItem, std::optional<Id>(Id{1, 0, 0}));
        QVERIFY2(startsWith(st.text, "error: Read-write data race at local memory"),
                 st.text.c_str());
        QVERIFY2(contains(st.text, "[data-race] at line 21, work-item (1,0,0)"), st.text.c_str());
        // the diagnostic it stopped at, by index
        const Snapshot snap = s.snapshot();
        QVERIFY(st.diagnostic >= 0 && size_t(st.diagnostic) < snap.diagnostics.size());
        const Diagnostic& d = snap.diagnostics[size_t(st.diagnostic)];
        QCOMPARE(d.kind, DiagnosticKind::DataRace);
        QVERIFY(contains(st.text, d.message.c_str()));
        // rcontinue goes back to it
        QCOMPARE(run(s, "step").kind, StopKind::Step);
        const Stop back = run(s, "rcontinue");
        QVERIFY(back.ok);
        QCOMPARE(back.kind, StopKind::Error);
        QCOMPARE(back.text, st.text);
    }

    void watchpointHit() {
        Session s;
        loadRace(s);
        QCOMPARE(run(s, "step 2").kind, StopKind::Step); // partial is declared
        const int id = s.addWatchpoint("partial[5]", WatchKind::Write);
        QVERIFY2(id > 0, s.lastError().c_str());
        const Stop st = run(s, "continue");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Watchpoint);
        QCOMPARE(st.id, id);
        QCOMPARE(st.workItem, std::optional<Id>(Id{5, 0, 0}));
        QCOMPARE(st.text, std::string("watchpoint 1: write of partial[5] (4 bytes) by work-item "
                                      "(5,0,0) at line 16: 0 -> 6"));
    }

    void groupAndKernelFinished() {
        Session s;
        loadRace(s);
        QCOMPARE(run(s, "errors off").text, std::string("runtime errors do not stop execution"));
        Stop st = run(s, "rungroup");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::GroupFinished);
        QCOMPARE(st.text, std::string("work-group finished"));
        st = run(s, "continue");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::KernelFinished);
        QCOMPARE(st.text, std::string("kernel finished"));
        st = run(s, "step");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::KernelFinished);
        QCOMPARE(st.text, std::string("the kernel has finished; reset to run again"));
        // run all, with progress per work-group
        st = run(s, "run");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Reset);
        std::vector<uint64_t> done;
        s.setProgress([&](uint64_t d, uint64_t total) {
            QCOMPARE(total, uint64_t(2));
            done.push_back(d);
        });
        st = run(s, "runall");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::KernelFinished);
        QCOMPARE(done, (std::vector<uint64_t>{1, 2}));
        // a pause request between work-groups
        QVERIFY(s.reset());
        s.setProgress([&](uint64_t, uint64_t) { s.requestPause(); });
        st = run(s, "runall");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Paused);
        QCOMPARE(st.text, std::string("paused"));
        QVERIFY(!s.finished());
    }

    void selections() {
        Session s;
        loadRace(s);
        Stop st = run(s, "workitem 3");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::WorkItemSelected);
        QCOMPARE(st.workItem, std::optional<Id>(Id{3, 0, 0}));
        st = run(s, "workitem");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::None);
        QCOMPARE(st.text, std::string("work-item (3,0,0) (local (3,0,0) in group (0,0,0))"));
        st = run(s, "group 1");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::GroupSelected);
        QCOMPARE(st.text, std::string("work-group started"));
        st = run(s, "select 2");
        QVERIFY(st.ok);
        QCOMPARE(st.workItem, std::optional<Id>(Id{18, 0, 0}));
        st = run(s, "workitem 1000");
        QVERIFY(!st.ok);
        QCOMPARE(st.text, std::string("global id out of range"));
        QCOMPARE(st.hint, std::string("global ids go up to (31,0,0)"));
        st = run(s, "group 0");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::GroupSelected);
        QCOMPARE(st.text, std::string("work-group finished (final state)"));
        st = run(s, "step");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::GroupFinished);
    }

    void settingsAndExplore() {
        Session s;
        loadRace(s);
        Stop st = run(s, "schedule random 7");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Schedule);
        QCOMPARE(st.text, std::string("schedule random seed 7"));
        QCOMPARE(s.scheduler().policy(), SchedulePolicy::Random);
        QCOMPARE(s.scheduler().seed(), uint64_t(7));
        QCOMPARE(run(s, "schedule").text, std::string("schedule random seed 7"));
        st = run(s, "errors");
        QCOMPARE(st.kind, StopKind::Setting);
        QCOMPARE(st.text, std::string("runtime errors stop execution"));
        st = run(s, "explore 3");
        QVERIFY(st.ok);
        QCOMPARE(st.kind, StopKind::Explored);
        QVERIFY(st.explore);
        QCOMPARE(st.explore->schedules, 3);
        QCOMPARE(st.text, exploreReport(*st.explore, &s.program()->sources));
        QVERIFY2(contains(st.text, "Explored 3 schedules"), st.text.c_str());
        // not actions on the session: the front end's
        st = run(s, "print lid");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::FrontEnd);
    }

    void argumentErrorsChangeNothing() {
        Session s;
        loadRace(s);
        QVERIFY(s.step());
        const size_t actions = s.actionCount();
        Stop st = run(s, "explore 0");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::Invalid);
        QCOMPARE(st.text, std::string("'0' is not a number of schedules"));
        QCOMPARE(st.hint, std::string("explore 8"));
        QCOMPARE(st.message(), std::string("'0' is not a number of schedules (hint: explore 8)"));
        QCOMPARE(run(s, "explore 1001").kind, StopKind::Invalid);
        st = run(s, "schedule bogus");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::Invalid);
        QCOMPARE(st.text, std::string("unknown schedule 'bogus'"));
        QCOMPARE(st.hint, std::string("schedule in-order|round-robin|reverse|random [SEED]|simt"));
        st = run(s, "schedule random x");
        QCOMPARE(st.kind, StopKind::Invalid);
        QCOMPARE(st.text, std::string("'x' is not a seed"));
        QCOMPARE(s.scheduler().policy(), SchedulePolicy::InOrder);
        st = run(s, "errors maybe");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::Invalid);
        QCOMPARE(st.text, std::string("'maybe' is neither on nor off"));
        QCOMPARE(st.hint, std::string("errors on|off"));
        QVERIFY(s.breakOnError());
        // a command built in code is checked like a typed one
        st = s.execute(Command(Command::Step, {"x"}));
        QCOMPARE(st.kind, StopKind::Invalid);
        QCOMPARE(st.text, std::string("'x' is not a repeat count"));
        QCOMPARE(st.hint, std::string("step [N], e.g. step 3"));
        QCOMPARE(s.actionCount(), actions);
        QCOMPARE(s.lastStop().kind, StopKind::Step); // the last action's stop stays
    }

    void notRunning() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        const Stop st = run(s, "step");
        QVERIFY(!st.ok);
        QCOMPARE(st.kind, StopKind::Refused);
        QCOMPARE(st.text, std::string("the kernel is not running: reset first"));
        QCOMPARE(std::string(stopKindName(StopKind::KernelFinished)),
                 std::string("kernel-finished"));
    }
};

QTEST_GUILESS_MAIN(TestExecute)
#include "tst_execute.moc"
