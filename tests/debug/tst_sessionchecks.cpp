// debug::Session with the runtime checks (on by default, like `clstep-cli run`): data races
// stop execution with both accesses, their facts reach the Session API and the snapshot's
// per-byte marks, replays (step back) report nothing twice, and explore() runs the checks.
#include "debug/Session.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace clstep;
using namespace clstep::debug;

namespace {
const std::string kSamples = CLSTEP_SOURCE_DIR "/samples/";

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

std::vector<const Diagnostic*> ofKind(const std::vector<Diagnostic>& diags, const char* kind) {
    std::vector<const Diagnostic*> out;
    for (const Diagnostic& d : diags)
        if (std::string_view(DiagnosticKinds::name(d.kind)) == kind) out.push_back(&d);
    return out;
}

const MemoryRegion* regionNamed(const std::vector<MemoryRegion>& regions, const std::string& name) {
    for (const MemoryRegion& r : regions)
        if (r.name == name) return &r;
    return nullptr;
}

/// Indices of the bytes of `r` with `flag` set.
std::vector<size_t> marked(const MemoryRegion& r, uint8_t flag) {
    std::vector<size_t> out;
    for (size_t i = 0; i < r.flags.size(); ++i)
        if (r.flags[i] & flag) out.push_back(i);
    return out;
}
} // namespace

class TestSessionChecks : public QObject {
    Q_OBJECT
private slots:
    void checksAreOnByDefault() {
        Session s;
        QVERIFY(s.checkOptions().dataRaces);
        QVERIFY(s.checkOptions().uninitialized);
        QVERIFY(s.checkOptions().endianEvents);
        QVERIFY(s.breakOnError());
    }

    void continueStopsAtTheRaceWithBothAccesses() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        // In id order work-item 0 runs its loop first; work-item 1 then overwrites partial[1],
        // which work-item 0 read in the same barrier interval.
        QVERIFY2(contains(snap.stopReason, "error: Read-write data race") &&
                     contains(snap.stopReason, "[data-race] at line 21, work-item (1,0,0)"),
                 snap.stopReason.c_str());
        QCOMPARE(snap.workItems[snap.selected].id.local[0], uint64_t(1));
        std::vector<const Diagnostic*> races = ofKind(snap.diagnostics, "data-race");
        QCOMPARE(races.size(), size_t(1));
        const Diagnostic& race = *races[0];
        // first access: the read partial[lid + stride]; second: the write partial[lid]
        QCOMPARE(race.range.begin.line, 21u);
        QCOMPARE(race.range.begin.column, 29u);
        QCOMPARE(race.notes.size(), size_t(1));
        QCOMPARE(race.notes[0].range.begin.line, 21u);
        QCOMPARE(race.notes[0].range.begin.column, 13u);
        QCOMPARE(race.workItems.size(), size_t(2));
        QCOMPARE(race.workItems[0].global[0], uint64_t(0));
        QCOMPARE(race.workItems[1].global[0], uint64_t(1));

        // The facts: through the Session and in the snapshot, parallel to the diagnostics.
        const nlohmann::json* facts = s.checkDetails(race);
        QVERIFY(facts);
        QCOMPARE((*facts)["hazard"].get<std::string>(), std::string("WAR"));
        QCOMPARE((*facts)["buffer"].get<std::string>(), std::string("partial"));
        QCOMPARE((*facts)["space"].get<std::string>(), std::string("local"));
        QCOMPARE((*facts)["offset"].get<uint64_t>(), uint64_t(4));
        QCOMPARE((*facts)["first"]["line"].get<int>(), 21);
        QCOMPARE((*facts)["first"]["access"].get<std::string>(), std::string("read"));
        QCOMPARE((*facts)["second"]["access"].get<std::string>(), std::string("write"));
        QCOMPARE((*facts)["second"]["global_id"][0].get<int>(), 1);
        QCOMPARE(snap.diagnosticDetails.size(), snap.diagnostics.size());
        const size_t index = static_cast<size_t>(races[0] - snap.diagnostics.data());
        QVERIFY(snap.diagnosticDetails[index]);
        QCOMPARE(*snap.diagnosticDetails[index], *facts);

        // The raced bytes (all of partial[1]) are marked in the group's __local memory, no other.
        const MemoryRegion* partial = regionNamed(snap.local, "partial");
        QVERIFY(partial);
        QCOMPARE(marked(*partial, ByteRace), (std::vector<size_t>{4, 5, 6, 7}));
        for (const MemoryRegion& g : snap.global)
            QVERIFY(marked(g, ByteRace).empty());

        // The other work-group's __local memory has no such mark.
        QVERIFY(s.selectGroup({1, 0, 0}));
        const Snapshot group1 = s.snapshot();
        const MemoryRegion* other = regionNamed(group1.local, "partial");
        QVERIFY(other);
        QVERIFY(marked(*other, ByteRace).empty());
    }

    void everyRacedByteIsMarked() {
        // Every work-item writes its own byte of `tile` (line 5) and reads its neighbour's
        // (line 6) with no barrier between: in id order work-items 1..7 each overwrite the byte
        // their left neighbour read (WAR, one merged report of lines 6 and 5), and work-item 7
        // reads byte 0 that work-item 0 wrote (RAW, lines 5 and 6). Every byte raced.
        Session s;
        QVERIFY(s.loadSource("neighbours.cl", R"(
__kernel void neighbours(__global uchar *out) {
    __local uchar tile[8];
    size_t lid = get_local_id(0);
    tile[lid] = (uchar)lid;
    out[get_global_id(0)] = tile[(lid + 1) % 8];
})"));
        s.setKernel("neighbours");
        NDRange range;
        range.global = {16, 1, 1};
        range.local = {8, 1, 1};
        s.setNDRange(range);
        KernelArgument out;
        out.kind = KernelArgument::Kind::Buffer;
        out.bytes.assign(16, 0);
        out.size = 16;
        s.setArguments({out});
        QVERIFY(s.reset());
        QVERIFY(s.runAll());
        // Both work-groups race the same way on their own __local memory (the reports are the
        // same two merged pairs of lines): each group's final state has all its bytes marked.
        for (uint64_t g : {0, 1}) {
            QVERIFY(s.selectGroup({g, 0, 0}));
            const Snapshot snap = s.snapshot();
            std::vector<const Diagnostic*> races = ofKind(snap.diagnostics, "data-race");
            QCOMPARE(races.size(), size_t(2)); // WAR 6 -> 5 and RAW 5 -> 6
            const MemoryRegion* tile = regionNamed(snap.local, "tile");
            QVERIFY(tile);
            QCOMPARE(marked(*tile, ByteRace), (std::vector<size_t>{0, 1, 2, 3, 4, 5, 6, 7}));
            for (const MemoryRegion& r : snap.global)
                QVERIFY(marked(r, ByteRace).empty());
        }
    }

    void checksOffReportNoRace() {
        Session s;
        s.setCheckOptions(CheckOptions::none());
        QVERIFY(!s.checkOptions().dataRaces);
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        Snapshot snap = s.snapshot();
        QCOMPARE(snap.stopReason, std::string("kernel finished"));
        QVERIFY(ofKind(snap.diagnostics, "data-race").empty());
        for (const MemoryRegion& r : snap.local)
            QVERIFY(marked(r, ByteRace).empty());
        // Only the race detector off: the same.
        Session races;
        CheckOptions o;
        o.dataRaces = false;
        races.setCheckOptions(o);
        QVERIFY(races.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(races.reset());
        QVERIFY(races.continueRun());
        QVERIFY(ofKind(races.snapshot().diagnostics, "data-race").empty());
    }

    void optionsApplyAtTheNextReset() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        s.setCheckOptions(CheckOptions::none());
        QVERIFY(s.reset());
        s.setCheckOptions(CheckOptions()); // not yet: the run started without checks
        QVERIFY(s.runAll());
        QVERIFY(ofKind(s.snapshot().diagnostics, "data-race").empty());
        QVERIFY(s.reset());
        QVERIFY(s.runAll());
        QVERIFY(!ofKind(s.snapshot().diagnostics, "data-race").empty());
    }

    void stepBackReportsEachRaceOnce() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.continueRun()); // stops at the race
        const Snapshot atRace = s.snapshot();
        QCOMPARE(ofKind(atRace.diagnostics, "data-race").size(), size_t(1));
        QVERIFY(s.step());
        const size_t afterStep = ofKind(s.snapshot().diagnostics, "data-race").size();
        QVERIFY(s.stepBack()); // replays reset + continue: the same single report
        Snapshot back = s.snapshot();
        QCOMPARE(back.step, atRace.step);
        QCOMPARE(back.stopReason, atRace.stopReason);
        QCOMPARE(back.diagnostics.size(), atRace.diagnostics.size());
        QCOMPARE(back.diagnosticCounts, atRace.diagnosticCounts);
        QCOMPARE(ofKind(back.diagnostics, "data-race").size(), size_t(1));
        QCOMPARE(marked(*regionNamed(back.local, "partial"), ByteRace),
                 (std::vector<size_t>{4, 5, 6, 7}));
        // the trace holds the race once too
        size_t traced = 0;
        for (const TraceEntry& e : *back.trace)
            traced += e.kind == TraceEntry::Kind::Diagnostic && contains(e.message, "data-race");
        QCOMPARE(traced, size_t(1));
        QVERIFY(afterStep >= 1);
        QVERIFY(s.stepBack()); // before the race: nothing reported, nothing marked
        Snapshot before = s.snapshot();
        QVERIFY(ofKind(before.diagnostics, "data-race").empty());
        for (const MemoryRegion& r : before.local)
            QVERIFY(marked(r, ByteRace).empty());
        QVERIFY(s.continueRun());
        QCOMPARE(s.snapshot().stopReason, atRace.stopReason);
        QCOMPARE(ofKind(s.snapshot().diagnostics, "data-race").size(), size_t(1));
    }

    void endianConversionsAreMarked() {
        Session s;
        RunOptions ro;
        ro.deviceBigEndian = true;
        s.setRunOptions(ro);
        CompileOptions co;
        co.deviceLittleEndian = false;
        QVERIFY(s.loadSim(kSamples + "endian_demo.sim", co));
        QVERIFY(s.reset());
        QVERIFY(s.runAll());
        Snapshot snap = s.snapshot();
        std::vector<const Diagnostic*> events = ofKind(snap.diagnostics, "endian-conversion");
        QCOMPARE(events.size(), size_t(1)); // one site, merged
        QCOMPARE(events[0]->range.begin.line, 18u);
        const nlohmann::json* facts = s.checkDetails(*events[0]);
        QVERIFY(facts);
        QCOMPARE((*facts)["buffer"].get<std::string>(), std::string("host_words"));
        QCOMPARE((*facts)["size"].get<int>(), 4);
        QCOMPARE((*facts)["memory_bytes"].get<std::string>(), std::string("44 33 22 11"));
        QCOMPARE((*facts)["device_bytes"].get<std::string>(), std::string("11 22 33 44"));
        // every converted byte is marked (4 work-items read host_words[i]), nothing else
        const MemoryRegion* words = regionNamed(snap.global, "host_words");
        QVERIFY(words);
        QCOMPARE(marked(*words, ByteEndian).size(), size_t(16));
        QCOMPARE(snap.diagnosticCounts[static_cast<size_t>(events[0] - snap.diagnostics.data())],
                 uint64_t(4));
        QVERIFY(marked(*regionNamed(snap.global, "plain_words"), ByteEndian).empty());
        // the endian check off: no note and no mark
        Session quiet;
        quiet.setRunOptions(ro);
        CheckOptions noEndian;
        noEndian.endianEvents = false;
        quiet.setCheckOptions(noEndian);
        QVERIFY(quiet.loadSim(kSamples + "endian_demo.sim", co));
        QVERIFY(quiet.reset());
        QVERIFY(quiet.runAll());
        const Snapshot q = quiet.snapshot();
        QVERIFY(ofKind(q.diagnostics, "endian-conversion").empty());
        QVERIFY(marked(*regionNamed(q.global, "host_words"), ByteEndian).empty());
        // little-endian device: no conversion at all
        Session little;
        QVERIFY(little.loadSim(kSamples + "endian_demo.sim"));
        QVERIFY(little.reset());
        QVERIFY(little.runAll());
        QVERIFY(ofKind(little.snapshot().diagnostics, "endian-conversion").empty());
    }

    void exploreRunsTheChecks() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        ExploreResult r = s.explore(3);
        QCOMPARE(r.diagnosticSchedules.size(), r.diagnostics.size());
        std::vector<const Diagnostic*> races = ofKind(r.diagnostics, "data-race");
        QVERIFY(!races.empty());
        QCOMPARE(r.diagnosticSchedules.front(), std::string("in-order"));
        for (const Diagnostic* d : races)
            QCOMPARE(d->range.begin.line, 21u);
        Session off;
        off.setCheckOptions(CheckOptions::none());
        QVERIFY(off.loadSim(kSamples + "reduction_race.sim"));
        ExploreResult quiet = off.explore(3);
        QVERIFY(ofKind(quiet.diagnostics, "data-race").empty());
        QVERIFY(quiet.outputsDiffer || quiet.localsDiffer); // the race shows in the results
    }

    void cleanKernelReportsNothing() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.continueRun());
        QCOMPARE(s.snapshot().stopReason, std::string("kernel finished"));
        QVERIFY(s.snapshot().diagnostics.empty());
    }
};

QTEST_APPLESS_MAIN(TestSessionChecks)
#include "tst_sessionchecks.moc"
