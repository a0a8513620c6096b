// The session trace: a bounded ring (TraceLog) of the latest __global/__constant/__local
// accesses and runtime diagnostics, shared immutably by snapshots, read page by page.
#include "core/Address.h"
#include "debug/Session.h"
#include "debug/TraceLog.h"

#include <QtTest>

#include <fstream>

using namespace clstep;
using namespace clstep::debug;

namespace {
const std::string kSamples = CLSTEP_SOURCE_DIR "/samples/";
}

class TestTrace : public QObject {
    Q_OBJECT
private slots:
    void ringKeepsTheNewestInOrder() {
        TraceLog log(4);
        for (int i = 0; i < 10; ++i) {
            TraceEntry e;
            e.size = static_cast<uint64_t>(i);
            log.append(e);
        }
        QCOMPARE(log.total(), uint64_t(10));
        QCOMPARE(log.size(), size_t(4));
        auto entries = log.entries();
        QCOMPARE(entries->size(), size_t(4));
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE((*entries)[i].size, uint64_t(6 + i));
            QCOMPARE((*entries)[i].sequence, uint64_t(6 + i));
        }
        QCOMPARE(log.entries().get(), entries.get()); // cached until the next append
        log.setCapacity(2);
        QCOMPARE(log.entries()->front().size, uint64_t(8));
        log.clear();
        QCOMPARE(log.total(), uint64_t(0));
        QVERIFY(log.entries()->empty());
    }

    void accessesOfARunArePagedNewestFirst() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.snapshot().trace);
        QCOMPARE(s.snapshot().traceTotal, uint64_t(0));
        QVERIFY(s.stepLockstep());
        QVERIFY(s.stepLockstep());
        QVERIFY(s.stepLockstep());
        QVERIFY(s.stepLockstep()); // partial[lid] = input[gid] for all 16
        Snapshot snap = s.snapshot();
        QCOMPARE(snap.traceTotal, uint64_t(32));
        const TraceEntry& last = snap.trace->back();
        QCOMPARE(last.kind, TraceEntry::Kind::Write);
        QCOMPARE(address::space(last.address), AddressSpace::Local);
        QCOMPARE(address::offset(last.address), uint64_t(60));
        QCOMPARE(last.globalId[0], uint64_t(15));
        QCOMPARE(last.step, snap.step);
        QCOMPARE(last.site.begin.line, 16u);
        QCOMPARE(int(last.value[0]), 16);
        TracePage p = s.tracePage(0, 10);
        QCOMPARE(p.total, uint64_t(32));
        QCOMPARE(p.pages, size_t(4));
        QCOMPARE(p.entries.size(), size_t(10));
        QCOMPARE(p.entries.front().sequence, uint64_t(31));
        TracePage p3 = tracePage(snap, 3, 10);
        QCOMPARE(p3.entries.size(), size_t(2));
        QCOMPARE(p3.entries.back().sequence, uint64_t(0));
        QCOMPARE(p3.entries.back().kind, TraceEntry::Kind::Read); // input[0]
        QVERIFY(tracePage(snap, 9, 10).entries.empty());
    }

    void boundedAndSharedBySnapshots() {
        Session s;
        s.setTraceCapacity(100);
        QVERIFY(s.loadSim(kSamples + "matmul_naive.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.stepLockstep());
        Snapshot early = s.snapshot();
        Snapshot again = s.snapshot();
        QCOMPARE(early.trace.get(), again.trace.get()); // no copy when nothing changed
        size_t earlySize = early.trace->size();
        QVERIFY(s.runAll());
        Snapshot late = s.snapshot();
        QCOMPARE(late.trace->size(), size_t(100));
        QVERIFY(late.traceTotal > 1000);
        QCOMPARE(late.trace->back().sequence, late.traceTotal - 1);
        QCOMPARE(early.trace->size(), earlySize); // earlier snapshots do not change
    }

    void diagnosticsAreInTheTrace() {
        QTemporaryDir dir;
        std::string base = dir.path().toStdString() + "/oob";
        std::ofstream(base + ".cl")
            << "__kernel void oob(__global int *out)\n{\n    out[get_global_id(0) + 2] = 1;\n}\n";
        std::ofstream(base + ".sim") << "oob.cl\noob\n4 1 1\n4 1 1\n<size=16 int fill=0>\n";
        Session s;
        s.setBreakOnError(false);
        QVERIFY(s.loadSim(base + ".sim"));
        QVERIFY(s.reset());
        QVERIFY(s.runAll());
        int diagnostics = 0;
        for (const TraceEntry& e : *s.snapshot().trace)
            if (e.kind == TraceEntry::Kind::Diagnostic) {
                ++diagnostics;
                QVERIFY2(e.message.find("[out-of-bounds]") != std::string::npos, e.message.c_str());
                QCOMPARE(e.site.begin.line, 3u);
                QVERIFY(e.workItem >= 2);
            }
        QCOMPARE(diagnostics, 2); // work-items 2 and 3, each occurrence
    }
};

QTEST_APPLESS_MAIN(TestTrace)
#include "tst_trace.moc"
