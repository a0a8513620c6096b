// RaceDetector (through CheckSet, in-process) and CheckDetails: hazards, fences, work-group
// boundaries, atomics, uniform writes, byte granularity, merging and the recorded facts.
#include "CheckRun.h"

#include "checks/CheckDetails.h"
#include "checks/RaceDetector.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::testing;

namespace {
CheckOptions racesOnly(bool uniformWrites = false) {
    CheckOptions o = CheckOptions::none();
    o.dataRaces = true;
    o.uniformWrites = uniformWrites;
    return o;
}

/// The accesses a race detector alone processed (RaceDetector::accessesProcessed) when kernel
/// `k` of `source` ran over 8 work-items in one work-group, given an int buffer of eight 1s
/// and one of eight 0s; the run must give no diagnostic.
uint64_t accessesProcessedOver8(const char* source) {
    auto program = Program::fromSource("test.cl", source, CompileOptions{});
    CheckDetails details;
    RaceDetector races(details, false);
    std::vector<KernelArgument> args = {bufferOf(std::vector<int>(8, 1)),
                                        bufferOf(std::vector<int>(8))};
    KernelRun run(*program, "k", range1D(8, 8), std::move(args), RunOptions{});
    run.addObserver(&races);
    run.runAll();
    if (!run.diagnostics().empty()) return ~uint64_t(0);
    return races.accessesProcessed();
}

const char* kExchange = R"(
__kernel void exchange(__global int *out) {
    __local int tmp[8];
    int lid = get_local_id(0);
    tmp[lid] = lid;
    FENCE;
    out[get_global_id(0)] = tmp[(lid + 1) % 8];
})";

std::string exchangeWith(const std::string& fence) {
    std::string s = kExchange;
    s.replace(s.find("FENCE"), 5, fence);
    return s;
}
} // namespace

class TestRaceDetector : public QObject {
    Q_OBJECT
private slots:
    void localRaceHasBothAccesses() {
        auto r = runChecked(exchangeWith("(void)0").c_str(), "exchange", range1D(8, 8),
                            {bufferOf(std::vector<int>(8))}, racesOnly());
        auto races = r.ofKind("data-race");
        QCOMPARE(races.size(),
                 size_t(2)); // WAR (read then neighbour's write) and RAW (wrap-around)
        for (const Diagnostic* d : races) {
            QCOMPARE(d->severity, Severity::Error);
            QCOMPARE(d->workItems.size(), size_t(2));
            QCOMPARE(d->notes.size(), size_t(1));
            QVERIFY(d->workItems[0] != d->workItems[1]);
            QVERIFY(d->message.rfind("Read-write data race at local memory address 0x", 0) == 0);
            const nlohmann::json* f = r.checks->details(*d);
            QVERIFY(f);
            QCOMPARE((*f)["space"].get<std::string>(), std::string("local"));
            QCOMPARE((*f)["buffer"].get<std::string>(), std::string("tmp"));
            QCOMPARE((*f)["race"].get<std::string>(), std::string("read-write"));
            QCOMPARE((*f)["element"].get<uint64_t>(), (*f)["offset"].get<uint64_t>() / 4);
            QCOMPARE((*f)["first"]["line"].get<uint32_t>(), d->range.begin.line);
            QCOMPARE((*f)["second"]["line"].get<uint32_t>(), d->notes[0].range.begin.line);
            std::string hazard = (*f)["hazard"];
            QVERIFY(hazard == "RAW" || hazard == "WAR");
            // The write is at line 5, the read at line 7.
            uint32_t writeLine =
                hazard == "RAW" ? d->range.begin.line : d->notes[0].range.begin.line;
            QCOMPARE(writeLine, 5u);
            QCOMPARE((*f)[hazard == "RAW" ? "first" : "second"]["access"].get<std::string>(),
                     std::string("write"));
        }
    }

    void fencesOrderTheirOwnSpace() {
        std::vector<int> out(8);
        auto local = runChecked(exchangeWith("barrier(CLK_LOCAL_MEM_FENCE)").c_str(), "exchange",
                                range1D(8, 8), {bufferOf(out)}, racesOnly());
        QVERIFY(local.run->diagnostics().empty());
        auto global = runChecked(exchangeWith("barrier(CLK_GLOBAL_MEM_FENCE)").c_str(), "exchange",
                                 range1D(8, 8), {bufferOf(out)}, racesOnly());
        QVERIFY(!global.ofKind("data-race").empty());
        auto both =
            runChecked(exchangeWith("barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)").c_str(),
                       "exchange", range1D(8, 8), {bufferOf(out)}, racesOnly());
        QVERIFY(both.run->diagnostics().empty());
    }

    void workGroupsAreNeverOrdered() {
        auto r = runChecked(R"(
__kernel void k(__global int *buf) {
    int gid = get_global_id(0);
    buf[gid] = gid;
    barrier(CLK_GLOBAL_MEM_FENCE);
    int other = buf[(gid + 4) % 16];
    buf[gid] = other;
})",
                            "k", range1D(16, 4), {bufferOf(std::vector<int>(16))}, racesOnly());
        auto races = r.ofKind("data-race");
        QVERIFY(!races.empty());
        for (const Diagnostic* d : races)
            QVERIFY(d->workItems[0].group != d->workItems[1].group);
    }

    void uniformWritesAreSuppressedUnlessAsked() {
        const char* src = "__kernel void k(__global int *out) { out[0] = 7; }";
        std::vector<int> out(1);
        auto quiet = runChecked(src, "k", range1D(32, 8), {bufferOf(out)}, racesOnly(false));
        QVERIFY(quiet.run->diagnostics().empty());
        auto loud = runChecked(src, "k", range1D(32, 8), {bufferOf(out)}, racesOnly(true));
        // Shown as benign races: every write stores the bytes already there.
        QVERIFY(loud.ofKind("data-race").empty());
        auto races = loud.ofKind("benign-race");
        QCOMPARE(races.size(), size_t(1));
        QCOMPARE(races[0]->severity, Severity::Warning);
        QCOMPARE((*loud.checks->details(*races[0]))["hazard"].get<std::string>(),
                 std::string("WAW"));
        QCOMPARE(loud.countOf(races[0]), uint64_t(31));
    }

    void atomicsDoNotRaceWithAtomics() {
        std::vector<int> c(1);
        auto atomics = runChecked("__kernel void k(__global int *c) { atomic_inc(c); }", "k",
                                  range1D(32, 8), {bufferOf(c)}, racesOnly());
        QVERIFY(atomics.run->diagnostics().empty());
        auto mixed = runChecked("__kernel void k(__global int *c) { atomic_inc(c); if "
                                "(get_global_id(0) == 3) c[0] = 0; }",
                                "k", range1D(32, 8), {bufferOf(c)}, racesOnly());
        QVERIFY(!mixed.ofKind("data-race").empty());
    }

    void distinctPairsMergeWithACount() {
        auto r =
            runChecked("__kernel void k(__global uint *out) { out[0] = get_global_id(0); }", "k",
                       range1D(64, 16), {bufferOf(std::vector<unsigned>(1))}, racesOnly());
        QCOMPARE(r.run->diagnostics().size(), size_t(1));
        QCOMPARE(r.run->diagnosticCounts()[0], uint64_t(63));
    }

    void byteGranularity() {
        // Own bytes: no race, even with four work-items (of two groups) per 32-bit word.
        auto own = runChecked("__kernel void k(__global uchar *out) { out[get_global_id(0)] = 1 + "
                              "get_global_id(0); }",
                              "k", range1D(8, 2), {bufferOf(std::vector<uint8_t>(8))}, racesOnly());
        QVERIFY(own.run->diagnostics().empty());
        // An int read over bytes 4..7 that work-items 4..7 wrote: the race is at byte 4.
        auto over = runChecked(R"(
__kernel void k(__global int *out) {
    __local uchar b[8];
    int lid = get_local_id(0);
    b[lid] = lid;
    if (lid == 7) out[0] = *((__local int *)(b + 4));
})",
                               "k", range1D(8, 8), {bufferOf(std::vector<int>(1))}, racesOnly());
        auto races = over.ofKind("data-race");
        QCOMPARE(races.size(), size_t(1));
        QCOMPARE((*over.checks->details(*races[0]))["offset"].get<uint64_t>(), uint64_t(4));
        QCOMPARE(over.countOf(races[0]), uint64_t(3)); // bytes of work-items 4, 5 and 6
    }

    void asyncCopiesBelongToTheGroup() {
        auto r = runChecked(R"(
__kernel void k(__global const int *in, __global int *out) {
    __local int t[8];
    event_t e = async_work_group_copy(t, in, 8, 0);
    out[get_local_id(0)] = t[get_local_id(0)];
    wait_group_events(1, &e);
})",
                            "k", range1D(8, 8),
                            {bufferOf(std::vector<int>(8, 1)), bufferOf(std::vector<int>(8))},
                            racesOnly());
        auto races = r.ofKind("data-race");
        QCOMPARE(races.size(), size_t(1));
        const nlohmann::json& f = *r.checks->details(*races[0]);
        QCOMPARE(f["first"]["entity"].get<std::string>(), std::string("work-group"));
        QCOMPARE(f["first"]["access"].get<std::string>(), std::string("async copy write"));
        QCOMPARE(r.countOf(races[0]), uint64_t(8)); // work-item 0 too: the copy is the group's
    }

    void everyRacedRangeIsRecorded() {
        // Two groups of 8: in each, work-items 1..7 overwrite the int their left neighbour
        // read (WAR, one merged report) and work-item 7 reads tmp[0] (RAW).
        auto r = runChecked(exchangeWith("(void)0").c_str(), "exchange", range1D(16, 8),
                            {bufferOf(std::vector<int>(16))}, racesOnly());
        auto races = r.ofKind("data-race");
        QCOMPARE(races.size(), size_t(2));
        for (const Diagnostic* d : races) {
            const nlohmann::json& f = *r.checks->details(*d);
            const uint64_t tmp = std::stoull(f["address"].get<std::string>(), nullptr, 16) -
                                 f["offset"].get<uint64_t>();
            using Range = CheckDetails::Range;
            const bool war = f["hazard"] == "WAR";
            QCOMPARE(r.countOf(d), uint64_t(war ? 14 : 2));
            // tmp[1..7] (bytes 4..31) or tmp[0], in each group's own __local memory
            const uint64_t begin = war ? 4 : 0, size = war ? 28 : 4;
            QCOMPARE(r.checks->ranges(*d), (std::vector<Range>{{tmp + begin, size, {0, 0, 0}},
                                                               {tmp + begin, size, {1, 0, 0}}}));
        }
    }

    void repeatedReadsAreProcessedOnce() {
        // Each work-item reads in[i] three times in a row, then writes out[i]: the two reads
        // that repeat the one just before change no record and are not processed again.
        // (`in` is not const: the reads of a buffer bound only to const parameters are not
        // processed at all, constInputReadsAreNotProcessed.)
        QCOMPARE(accessesProcessedOver8(R"(
__kernel void k(__global int *in, __global int *out) {
    int i = get_global_id(0);
    int s = in[i];
    s += in[i];
    s += in[i];
    out[i] = s;
})"),
                 uint64_t(16)); // one read and one write each
    }

    void constInputReadsAreNotProcessed() {
        // `in` is bound only to a `__global const int *` parameter and nothing in the program
        // writes through a pointer to const (checks/ConstPointees.h): its reads cannot race
        // and are not processed; the writes to out are.
        QCOMPARE(accessesProcessedOver8(R"(
__kernel void k(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    out[i] = in[i] + in[(i + 1) % 8];
})"),
                 uint64_t(8)); // the writes only
    }

    void constInputAliasedByAWrittenArgumentIsChecked() {
        // One buffer passed as the const `in` and as `out` (two arguments naming one cl_mem):
        // work-item i reads in[i] and writes out[(i + 1) % 8], the element work-item i + 1
        // reads. The reads are checked (the buffer is written through `out`) and race.
        const char* src = R"(
__kernel void k(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    out[(i + 1) % 8] = in[i];
})";
        KernelArgument alias;
        alias.kind = KernelArgument::Kind::Buffer;
        alias.size = 32;
        alias.elementBytes = 4;
        alias.aliasOf = 0;
        auto r = runChecked(src, "k", range1D(8, 8), {bufferOf(std::vector<int>(8, 1)), alias},
                            racesOnly());
        auto races = r.ofKind("data-race");
        QCOMPARE(races.size(), size_t(2)); // RAW (work-items 0..6) and WAR (7 wrote in[0])
        for (const Diagnostic* d : races)
            QCOMPARE((*r.checks->details(*d))["race"].get<std::string>(),
                     std::string("read-write"));
    }

    void repeatedRacingReadsAreReportedEachTime() {
        // A read that races is checked again when repeated: each of the 7 other work-items'
        // two reads of buf[0] races with work-item 0's write.
        auto r =
            runChecked(R"(
__kernel void k(__global int *buf, __global int *out) {
    int lid = get_local_id(0);
    if (lid == 0) buf[0] = 1;
    int a = buf[0];
    int b = buf[0];
    out[lid] = a + b;
})",
                       "k", range1D(8, 8),
                       {bufferOf(std::vector<int>(1)), bufferOf(std::vector<int>(8))}, racesOnly());
        auto races = r.ofKind("data-race");
        QCOMPARE(races.size(), size_t(2)); // one per pair of sites
        QCOMPARE(r.countOf(races[0]) + r.countOf(races[1]), uint64_t(14));
    }

    void rangesMergeAndAreBounded() {
        Diagnostic d;
        d.kind = DiagnosticKind::DataRace;
        d.message = "Read-write data race at global memory address 0x1";
        using Range = CheckDetails::Range;
        CheckDetails details;
        details.addRange(d, {100, 4, {}});
        details.addRange(d, {108, 4, {}});
        details.addRange(d, {104, 4, {}});  // touches both: one range 100..112
        details.addRange(d, {90, 12, {}});  // overlaps: 90..112
        details.addRange(d, {200, 0, {}});  // empty: ignored
        details.addRange(d, {100, 4, {2}}); // another group's memory stays apart
        QCOMPARE(details.ranges(d), (std::vector<Range>{{90, 22, {}}, {100, 4, {2}}}));
        QVERIFY(!details.find(d)); // ranges without facts
        details.record(d, {{"hazard", "RAW"}});
        QVERIFY(details.find(d));
        QCOMPARE(details.ranges(d).size(), size_t(2));
        // At most kMaxRanges disjoint ranges; one that merges still grows its neighbour.
        for (uint64_t i = 0; i < CheckDetails::kMaxRanges; ++i)
            details.addRange(d, {1000 + 2 * i, 1, {}});
        QCOMPARE(details.ranges(d).size(), CheckDetails::kMaxRanges);
        details.addRange(d, {1001, 1, {}});
        QCOMPARE(details.ranges(d).size(), CheckDetails::kMaxRanges - 1);
        QCOMPARE(details.ranges(d)[1], (Range{1000, 3, {}}));
        details.clear();
        QVERIFY(details.ranges(d).empty());
    }

    void checkDetailsKeyIncludesTheSecondLocation() {
        Diagnostic a;
        a.kind = DiagnosticKind::DataRace;
        a.message = "Read-write data race at local memory address 0x1";
        a.range = {{1, 3, 4}, {1, 3, 9}};
        a.notes.push_back({{{1, 5, 2}, {1, 5, 6}}, "second"});
        Diagnostic b = a;
        b.notes[0].range.begin.line = 6;
        CheckDetails details;
        details.record(a, {{"hazard", "RAW"}});
        details.record(a, {{"hazard", "WAR"}}); // the first facts stay
        QVERIFY(details.contains(a));
        QVERIFY(!details.contains(b));
        QCOMPARE((*details.find(a))["hazard"].get<std::string>(), std::string("RAW"));
        QVERIFY(CheckDetails::keyOf(a) != CheckDetails::keyOf(b));
        details.clear();
        QVERIFY(!details.find(a));
    }
};

QTEST_GUILESS_MAIN(TestRaceDetector)
#include "tst_racedetector.moc"
