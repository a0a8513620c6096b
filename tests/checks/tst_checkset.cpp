// CheckSet: which observers each option set attaches, plus the EndianTracer and the
// AsyncCopyChecker it owns.
#include "CheckRun.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::testing;

namespace {
const char* kHostRead = R"(
__kernel void k(__global const uint *in __attribute__((endian(host))), __global uint *out) {
    out[get_global_id(0)] = in[get_global_id(0)];
})";
} // namespace

class TestCheckSet : public QObject {
    Q_OBJECT
private slots:
    void optionsDecideTheObservers() {
        auto program = Program::fromSource("t.cl", "__kernel void k() {}", CompileOptions{});
        {
            KernelRun run(*program, "k", range1D(1, 1), {}, {});
            CheckSet none(CheckOptions::none());
            none.attach(run);
            QVERIFY(run.observers().empty());
        }
        {
            KernelRun run(*program, "k", range1D(1, 1), {}, {});
            CheckSet all(CheckOptions{});
            all.attach(run);
            QCOMPARE(run.observers().size(),
                     size_t(3)); // no endian tracer on a little-endian device
        }
        {
            RunOptions big;
            big.deviceBigEndian = true;
            KernelRun run(*program, "k", range1D(1, 1), {}, big);
            CheckSet all(CheckOptions{});
            all.attach(run);
            QCOMPARE(run.observers().size(), size_t(4));
        }
        {
            KernelRun run(*program, "k", range1D(1, 1), {}, {});
            CheckOptions o;
            o.dataRaces = false;
            o.uninitialized = false;
            CheckSet some(o);
            some.attach(run);
            QCOMPARE(run.observers().size(), size_t(1)); // the async copy checker
        }
    }

    void endianConversionNotes() {
        RunOptions big;
        big.deviceBigEndian = true;
        std::vector<uint32_t> in{0x11223344u, 0xcafef00du};
        auto r =
            runChecked(kHostRead, "k", range1D(2, 2),
                       {bufferOf(in), bufferOf(std::vector<uint32_t>(2))}, CheckOptions{}, big);
        auto notes = r.ofKind("endian-conversion");
        QCOMPARE(notes.size(), size_t(1));
        QCOMPARE(notes[0]->severity, Severity::Note);
        QCOMPARE(r.countOf(notes[0]), uint64_t(2));
        const nlohmann::json& f = *r.checks->details(*notes[0]);
        QCOMPARE(f["access"].get<std::string>(), std::string("read"));
        QCOMPARE(f["before"].get<std::string>(),
                 std::string("44 33 22 11"));                                // host order in memory
        QCOMPARE(f["after"].get<std::string>(), std::string("11 22 33 44")); // device order
        QCOMPARE(f["offset"].get<uint64_t>(), uint64_t(0));
        CheckOptions quiet;
        quiet.endianEvents = false;
        auto off = runChecked(kHostRead, "k", range1D(2, 2),
                              {bufferOf(in), bufferOf(std::vector<uint32_t>(2))}, quiet, big);
        QVERIFY(off.run->diagnostics().empty());
    }

    void asyncCopyRules() {
        auto r = runChecked(R"(
__kernel void k(__global const int *in, __global int *out) {
    __local int a[4];
    __local int b[4];
    event_t ea = async_work_group_copy(a, in, 4, 0);
    event_t eb = async_work_group_copy(b, in + get_local_id(0) % 2, 4, 0);
    wait_group_events(1, &ea);
    out[get_local_id(0)] = a[get_local_id(0)];
})",
                            "k", range1D(4, 4),
                            {bufferOf(std::vector<int>(8, 1)), bufferOf(std::vector<int>(4))},
                            CheckOptions{});
        auto divergent = r.ofKind("async-copy-divergence");
        QCOMPARE(divergent.size(), size_t(1));
        QCOMPARE(divergent[0]->range.begin.line, 6u);
        QCOMPARE(r.countOf(divergent[0]), uint64_t(2)); // local ids 1 and 3
        auto unwaited = r.ofKind("unwaited-event");
        QCOMPARE(unwaited.size(), size_t(1));
        QCOMPARE(unwaited[0]->range.begin.line, 6u);
        QVERIFY(r.ofKind("invalid-wait-event").empty());
    }
};

QTEST_GUILESS_MAIN(TestCheckSet)
#include "tst_checkset.moc"
