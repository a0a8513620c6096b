// debug::Session on real samples: stepping, lockstep to a barrier, selection, breakpoints,
// schedule policies, step back by replay, explore, snapshots.
#include "debug/Session.h"

#include <QtTest>

#include <cstring>

using namespace clstep;
using namespace clstep::debug;

namespace {
const std::string kSamples = CLSTEP_SOURCE_DIR "/samples/";

int32_t intAt(const MemoryRegion& r, size_t index) {
    int32_t v;
    std::memcpy(&v, r.bytes.data() + index * 4, 4);
    return v;
}
const MemoryRegion* regionNamed(const std::vector<MemoryRegion>& regions, const std::string& name) {
    for (const MemoryRegion& r : regions)
        if (r.name == name) return &r;
    return nullptr;
}
} // namespace

class TestSession : public QObject {
    Q_OBJECT
private slots:
    void loadsSimAndResets() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QCOMPARE(s.kernelName(), std::string("reduction_race"));
        QVERIFY(s.reset());
        Snapshot snap = s.snapshot();
        QCOMPARE(snap.workItems.size(), size_t(16));
        QCOMPARE(snap.workItems[0].state, WorkItemState::NotStarted);
        QCOMPARE(snap.numGroups[0], uint64_t(2));
    }

    void lockstepToBarrierThenInspectLocal() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        // __local declaration, lid, store, then the barrier
        for (int i = 0; i < 10; ++i) {
            QVERIFY(s.stepLockstep());
            if (s.snapshot().workItems[5].state == WorkItemState::AtBarrier) break;
        }
        Snapshot snap = s.snapshot();
        for (const WorkItemSnapshot& w : snap.workItems)
            QCOMPARE(w.state, WorkItemState::AtBarrier);
        QCOMPARE(snap.workItems[0].position.begin.line, 17u);
        const MemoryRegion* partial = regionNamed(snap.local, "partial");
        QVERIFY(partial);
        QCOMPARE(partial->bytes.size(), size_t(64));
        for (size_t i = 0; i < 16; ++i)
            QVERIFY(partial->flags[i * 4] & ByteWritten);
        QVERIFY(s.selectLocal({3, 0, 0}));
        snap = s.snapshot();
        QCOMPARE(snap.selected, size_t(3));
        bool sawLid = false;
        for (const VariableSnapshot& v : snap.variables)
            if (v.name == "lid") {
                QCOMPARE(v.value, std::string("3"));
                sawLid = true;
            }
        QVERIFY(sawLid);
    }

    void stepBackReplaysDeterministically() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.step());
        QVERIFY(s.step());
        QVERIFY(s.step());
        uint32_t lineAfter3 = s.snapshot().workItems[0].position.begin.line;
        QVERIFY(s.step());
        QVERIFY(s.snapshot().workItems[0].position.begin.line != lineAfter3 ||
                s.snapshot().workItems[0].steps == 5);
        QVERIFY(s.stepBack());
        QCOMPARE(s.snapshot().workItems[0].position.begin.line, lineAfter3);
        QCOMPARE(s.snapshot().step, uint64_t(3));
    }

    void breakpointStopsEachWorkItem() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        s.addBreakpoint(26); // group_sums[...] = partial[0];
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        QCOMPARE(snap.workItems[snap.selected].state, WorkItemState::AtBreakpoint);
        QCOMPARE(snap.workItems[snap.selected].position.begin.line, 26u);
        QCOMPARE(snap.selected, size_t(0));
    }

    void runAllMatchesTheReference() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.runAll());
        QVERIFY(s.finished());
        Snapshot snap = s.snapshot();
        const MemoryRegion* sums = regionNamed(snap.global, "group_sums");
        QVERIFY(sums);
        QCOMPARE(intAt(*sums, 0), 136);
        QCOMPARE(intAt(*sums, 1), 392);
    }

    void exploreFindsTheRace() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        ExploreResult r = s.explore(6);
        QCOMPARE(r.schedules, 6);
        QVERIFY(r.outputsDiffer || r.localsDiffer);
        QVERIFY(!r.differences.empty());
        Session ok;
        QVERIFY(ok.loadSim(kSamples + "reduction.sim"));
        ExploreResult clean = ok.explore(6);
        QVERIFY(!clean.outputsDiffer);
    }

    void steppingAFinishedKernelSaysSo() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "vector_add.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.runAll());
        QVERIFY(!s.step());
        QVERIFY(QString::fromStdString(s.lastError()).contains("finished"));
    }
};

QTEST_APPLESS_MAIN(TestSession)
#include "tst_session.moc"
