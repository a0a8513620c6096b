// Multi-watch (issue 17): Session::evaluateEach evaluates one expression on every work-item
// of the viewed group, with the `lid`/`gid`/`grp` shorthands (debug::IdShorthand); and the
// snapshot carries the run's efficiency statistics for the GUI's Efficiency pane.
#include "debug/IdShorthand.h"
#include "debug/Session.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::debug;

namespace {
std::string sample(const char* name) {
    return std::string(CLSTEP_SOURCE_DIR "/samples/") + name;
}
} // namespace

class TestMultiWatch : public QObject {
    Q_OBJECT
private slots:
    void shorthandsExpand() {
        QCOMPARE(IdShorthand::expand("lid.x + lid.y * 16"),
                 std::string("get_local_id(0) + get_local_id(1) * 16"));
        QCOMPARE(IdShorthand::expand("gid . z"), std::string("get_global_id(2)"));
        QCOMPARE(IdShorthand::expand("partial[lid]"),
                 std::string("partial[(get_local_id(0) + get_local_size(0) * (get_local_id(1) "
                             "+ get_local_size(1) * get_local_id(2)))]"));
        // members, longer names, literals and numbers stay as written
        QCOMPARE(IdShorthand::expand("s.lid + p->gid + lids + 'l' + \"lid\""),
                 std::string("s.lid + p->gid + lids + 'l' + \"lid\""));
        QCOMPARE(IdShorthand::expand("grp.w"),
                 std::string("(get_group_id(0) + get_num_groups(0) * (get_group_id(1) + "
                             "get_num_groups(1) * get_group_id(2))).w"));
        QVERIFY(!IdShorthand::uses("a[i] + 1"));
    }

    /// A 4 x 4 group: `lid.x + lid.y * 16` is x + 16 y on each work-item, in local-id order.
    void everyWorkItemOfATwoDimensionalGroup() {
        Session s;
        QVERIFY(s.loadSim(sample("matmul_tiled.sim")));
        QVERIFY(s.reset());
        QVERIFY(s.selectGroup({1, 2, 0}));
        const std::vector<EvalResult> r = s.evaluateEach("lid.x + lid.y * 16");
        QCOMPARE(r.size(), size_t(16));
        const Snapshot snap = s.snapshot();
        for (size_t i = 0; i < r.size(); ++i) {
            QVERIFY2(r[i].ok, r[i].error.c_str());
            const auto& local = snap.workItems[i].id.local;
            QCOMPARE(QString::fromStdString(r[i].value), QString::number(local[0] + local[1] * 16));
        }
        // gid in the second group row: global y = 2*4 + local y
        const std::vector<EvalResult> g = s.evaluateEach("gid.y");
        QCOMPARE(g[5].value, std::to_string(8 + snap.workItems[5].id.local[1]));
    }

    /// `partial[lid]` on the reduction sample: before the work-items declare `lid` the
    /// shorthand stands for the local id; after the first barrier each slot holds its input.
    void arrayIndexedByTheLocalId() {
        Session s;
        QVERIFY(s.loadSim(sample("reduction.sim")));
        QVERIFY(s.reset());
        QVERIFY(s.runToBarrier(true));
        const std::vector<EvalResult> r = s.evaluateEach("partial[lid]");
        QCOMPARE(r.size(), size_t(16));
        for (size_t i = 0; i < r.size(); ++i) {
            QVERIFY2(r[i].ok, r[i].error.c_str());
            QCOMPARE(r[i].value, std::to_string(i + 1)); // input 1, 2, ..., 16
        }
        // the kernel's own `lid` (an int) wins for `lid`; `lid.x` falls back to the shorthand
        const std::vector<EvalResult> x = s.evaluateEach("lid.x * 2");
        QVERIFY2(x[3].ok, x[3].error.c_str());
        QCOMPARE(x[3].value, std::string("6"));
    }

    /// Errors come back per work-item; without a run a single result says why.
    void errorsArePerWorkItem() {
        Session s;
        std::vector<EvalResult> r = s.evaluateEach("lid.x");
        QCOMPARE(r.size(), size_t(1));
        QVERIFY(!r[0].ok);
        QVERIFY(s.loadSim(sample("reduction.sim")));
        QVERIFY(s.reset());
        r = s.evaluateEach("no_such_name + 1");
        QCOMPARE(r.size(), size_t(16));
        QVERIFY(!r[7].ok);
        QVERIFY2(r[7].error.find("undeclared") != std::string::npos, r[7].error.c_str());
    }

    /// The snapshot carries the statistics of the run so far.
    void snapshotCarriesTheStatistics() {
        Session s;
        QVERIFY(s.snapshot().accessStats == nullptr);
        QVERIFY(s.loadSim(sample("matrix_rows.sim")));
        QVERIFY(s.reset());
        QVERIFY(s.runAll());
        const Snapshot snap = s.snapshot();
        QVERIFY(snap.accessStats && snap.divergence);
        bool found = false;
        for (const AccessStatsRecord& a : *snap.accessStats)
            if (a.buffer == "m") {
                found = true;
                QCOMPARE(a.accesses, uint64_t(32)); // the loop runs 32 times
                QCOMPARE(a.worst, uint64_t(32));    // 32 rows, 128 bytes apart
                QCOMPARE(a.bytesRequested, uint64_t(32 * 128));
                QCOMPARE(a.bytesMoved, uint64_t(32 * 32 * 128));
            }
        QVERIFY(found);
        // per-byte counts and costs only when asked for (they are big)
        for (const MemoryRegion& r : snap.memory[AddressSpace::Global])
            QVERIFY(r.accessCount.empty() && r.accessCost.empty());
        s.setByteStatistics(true);
        const Snapshot bytes = s.snapshot();
        for (const MemoryRegion& r : bytes.memory[AddressSpace::Global])
            if (r.name == "m") {
                QCOMPARE(r.accessCount.size(), size_t(4096));
                QCOMPARE(r.accessCount[100], 1u); // each element read once
                QCOMPARE(r.accessCost.size(), size_t(4096));
                QCOMPARE(r.accessCost[100], 32u); // by a 32-segment sub-group access
            }
    }
};

QTEST_GUILESS_MAIN(TestMultiWatch)
#include "tst_multiwatch.moc"
