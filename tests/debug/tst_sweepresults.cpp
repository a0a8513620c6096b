// Tests for launch::SweepResults (docs/sweep.md, "Memory"): each configuration's dumped
// buffers are compared with the reference's as the run finishes and then released, so a
// sweep keeps the reference's buffers, not every run's; results that finish before the
// reference is known are held until it is; classes and differences as the report needs them.
// And debug::Sweep::run over a real kernel keeps at most its jobs' runs at once.

#include "debug/Sweep.h"
#include "frontend/Program.h"
#include "launch/SweepResults.h"

#include <QTest>

#include <memory>

using namespace clstep;
using namespace clstep::launch;

namespace {

constexpr size_t kMiB = 1 << 20;

std::vector<KernelArgSpec> intOut() {
    KernelArgSpec spec;
    spec.name = "out";
    spec.type = ElementType::Int;
    spec.dump = true;
    return {spec};
}

/// A launched run whose one dumped buffer is `bytes` bytes of `fill`, with `poke` written at
/// byte 4 (element 1) when not 0.
SweepRunResult runOf(size_t bytes, uint8_t fill, uint8_t poke = 0) {
    SweepRunResult r;
    r.launched = true;
    r.dumps.push_back(std::vector<uint8_t>(bytes, fill));
    if (poke) r.dumps[0][4] = poke;
    return r;
}

} // namespace

class TestSweepResults : public QObject {
    Q_OBJECT
private slots:
    /// In matrix order: after the reference, each run's buffers are released as it is added.
    void buffersOfFinishedRunsAreReleased() {
        SweepResults store(6, intOut(), 0);
        store.add(0, runOf(kMiB, 0));
        QCOMPARE(store.retainedBytes(), uint64_t(kMiB));
        for (size_t i = 1; i < 6; ++i) {
            store.add(i, runOf(kMiB, 0, i == 3 || i == 5 ? 7 : 0));
            QCOMPARE(store.retainedBytes(), uint64_t(kMiB)); // the reference only
            QCOMPARE(store.retainedRuns(), size_t(1));
        }
        QCOMPARE(store.peakRetainedBytes(), uint64_t(2 * kMiB)); // the reference + the one added
        QCOMPARE(store.held(), size_t(0));
        QCOMPARE(store.resultClasses(), (std::vector<std::vector<size_t>>{{0, 1, 2, 4}, {3, 5}}));
        const std::vector<SweepDifference> d = store.differences();
        QCOMPARE(d.size(), size_t(1));
        QCOMPARE(d[0].secondClass, size_t(1));
        QCOMPARE(d[0].total, uint64_t(1));
        QCOMPARE(d[0].elements.size(), size_t(1));
        QCOMPARE(d[0].elements[0].argument, std::string("out"));
        QCOMPARE(d[0].elements[0].index, uint64_t(1));
        QCOMPARE(d[0].elements[0].first, std::string("0"));
        QCOMPARE(d[0].elements[0].second, std::string("7"));
        QVERIFY(store.runs()[3].dumps[0].empty() && store.runs()[3].dumps[0].capacity() == 0);
        QCOMPARE(store.runs()[0].dumps[0].size(), kMiB);
    }

    /// Runs that finish before an earlier configuration are held whole until the reference
    /// is known; a configuration that did not launch is no reference.
    void laterRunsAreHeldUntilTheReferenceIsKnown() {
        SweepResults store(5, intOut(), 0);
        store.add(3, runOf(kMiB, 1));
        store.add(2, runOf(kMiB, 0));
        QCOMPARE(store.held(), size_t(2));
        QCOMPARE(store.retainedBytes(), uint64_t(2 * kMiB));
        SweepRunResult refused;
        refused.dumps.resize(1);
        store.add(0, std::move(refused)); // not launched: the reference is 1, not yet here
        QCOMPARE(store.held(), size_t(2));
        store.add(1, runOf(kMiB, 1));
        QCOMPARE(store.held(), size_t(0));
        QCOMPARE(store.retainedBytes(), uint64_t(kMiB));
        store.add(4, runOf(kMiB, 0));
        QCOMPARE(store.retainedBytes(), uint64_t(kMiB));
        QCOMPARE(store.peakRetainedBytes(), uint64_t(3 * kMiB));
        // classes in order of their first configuration, the reference's first
        QCOMPARE(store.resultClasses(), (std::vector<std::vector<size_t>>{{1, 3}, {2, 4}}));
        QCOMPARE(store.differences().size(), size_t(1));
        QCOMPARE(store.differences()[0].total, uint64_t(kMiB / 4));
        QCOMPARE(store.differences()[0].elements.size(), size_t(20));
    }

    /// `sweep --json-buffers` keeps every run's buffers (it writes them).
    void keepBuffersKeepsEveryRun() {
        SweepResults store(3, intOut(), 0, true);
        for (size_t i = 0; i < 3; ++i)
            store.add(i, runOf(kMiB, uint8_t(i)));
        QCOMPARE(store.retainedBytes(), uint64_t(3 * kMiB));
        QCOMPARE(store.runs()[2].dumps[0].size(), kMiB);
        QCOMPARE(store.resultClasses().size(), size_t(3));
    }

    /// `sweep --expect-json` (grade): each run is compared with its expected buffers as it is
    /// added, before its buffers are released; configurations without expected buffers are
    /// not compared.
    void runsAreComparedWithTheirExpectedBuffers() {
        SweepResults store(3, intOut(), 0);
        auto expected = std::make_shared<const std::vector<std::vector<uint8_t>>>(
            std::vector<std::vector<uint8_t>>{std::vector<uint8_t>(kMiB, 0)});
        store.setExpected([expected](size_t i) { return i == 2 ? nullptr : expected; }, 5);
        store.add(1, runOf(kMiB, 0, 9));
        store.add(0, runOf(kMiB, 0));
        store.add(2, runOf(kMiB, 3));
        QCOMPARE(store.retainedBytes(), uint64_t(kMiB));
        const auto& c = store.expectedComparisons();
        QCOMPARE(c.size(), size_t(3));
        QVERIFY(c[0].compared && c[0].total == 0 && c[0].elements.empty());
        QVERIFY(c[1].compared);
        QCOMPARE(c[1].total, uint64_t(1));
        QCOMPARE(c[1].elements[0].index, uint64_t(1));
        QCOMPARE(c[1].elements[0].first, std::string("0"));  // expected
        QCOMPARE(c[1].elements[0].second, std::string("9")); // actual
        QVERIFY(!c[2].compared);
    }

    /// A real sweep of 12 configurations of a kernel that dumps a 1 MiB buffer, which differs
    /// under every work-group size: on 2 threads, at most the reference plus 2 runs' buffers
    /// at once, and 1 MiB left at the end (the sum would be 12 MiB).
    void sweepKeepsOnlyItsJobsRuns() {
        auto program = Program::fromSource("t.cl",
                                           "__kernel void k(__global int *out) {\n"
                                           "    for (int i = 0; i < 1024; ++i)\n"
                                           "        out[get_global_id(0) * 1024 + i] =\n"
                                           "            (int)get_local_size(0);\n"
                                           "}\n",
                                           CompileOptions{});
        QVERIFY(program && !program->hasErrors());
        debug::SweepLaunch l;
        l.littleEndian = program.get();
        l.kernel = "k";
        l.range.dims = 1;
        l.range.global = {256, 1, 1};
        l.range.local = {16, 1, 1};
        l.range.localGiven = true;
        KernelArgument out;
        out.kind = KernelArgument::Kind::Buffer;
        out.bytes.assign(kMiB, 0);
        out.size = kMiB;
        out.elementBytes = 4;
        l.args = {out};
        l.dump = {true};
        l.checks = CheckOptions{};
        SweepMatrixOptions m;
        m.localSizes = {{1, 1, 1}, {2, 1, 1}, {4, 1, 1}, {8, 1, 1}};
        const std::vector<SweepConfiguration> configs = SweepMatrix::expand(m, l.range, false);
        QCOMPARE(configs.size(), size_t(12));
        SweepResults store(configs.size(), intOut(), 0);
        debug::Sweep::run(l, configs, 2, store);
        for (const SweepRunResult& r : store.runs())
            QVERIFY2(r.launched && r.failure.empty(), r.failure.c_str());
        QCOMPARE(store.resultClasses().size(), size_t(4));
        QCOMPARE(store.retainedBytes(), uint64_t(kMiB));
        QVERIFY2(store.peakRetainedBytes() <= 3 * kMiB,
                 qPrintable(QString::number(store.peakRetainedBytes())));
        const SweepReport report = SweepReport::build(store);
        QCOMPARE(report.resultClasses.size(), size_t(4));
        QCOMPARE(report.differences.size(), size_t(3));
        QCOMPARE(report.differences[0].total, uint64_t(kMiB / 4));
        QCOMPARE(report.verdict, SweepVerdict::Dependent);
    }
};

QTEST_GUILESS_MAIN(TestSweepResults)
#include "tst_sweepresults.moc"
