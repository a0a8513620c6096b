// The one run driver (issue 30, item 2): runtime/RunDriver owns the work-group order and the
// observers' lifecycle (run, work-group and barrier events) for KernelRun::runAll, the
// debugger's Session (a group at a time, paused mid-group) and explore's scheduled runs, so
// all of them give the observers the same sequence of events.
#include "debug/Session.h"
#include "frontend/Program.h"
#include "runtime/KernelRun.h"
#include "runtime/RunDriver.h"
#include "runtime/StepController.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "LoweringTestSupport.h"

#include <QtTest>

#include <algorithm>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace clstep;

namespace {
using loweringtest::intBuffer;

// Two barriers per work-group (a local fence, then a global one), __local memory.
const char* kSource = R"(
__kernel void tiles(__global int* out, __local int* scratch) {
    size_t n = get_local_size(0) * get_local_size(1);
    size_t l = get_local_id(0) + get_local_size(0) * get_local_id(1);
    scratch[l] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = scratch[(l + 1) % n];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = s;
}
)";

// A 2-D NDRange of 6 x 4 work-items in work-groups of 2 x 2: 3 x 2 work-groups.
NDRange range2D() {
    NDRange r;
    r.global = {6, 4, 1};
    r.local = {2, 2, 1};
    return r;
}

std::vector<KernelArgument> arguments() {
    KernelArgument scratch;
    scratch.kind = KernelArgument::Kind::Local;
    scratch.size = 4 * 4;
    return {intBuffer(24), scratch};
}

std::string idText(const WorkGroup& g) {
    return std::to_string(g.groupId()[0]) + "," + std::to_string(g.groupId()[1]) + "," +
           std::to_string(g.groupId()[2]);
}

/// Records the lifecycle events an observer gets, in order, as text.
class Recorder : public ExecutionObserver {
public:
    /// `perThread`: has per-thread copies (forThread), needs no proof of independence;
    /// `dependent`: has copies, claims to prove independence and finds the groups dependent
    /// (the parallel attempt is discarded).
    explicit Recorder(bool perThread = false, bool dependent = false)
        : m_perThread(perThread || dependent), m_dependent(dependent) {}

    std::vector<std::string> log;
    /// Called after each event is logged (a test pauses the debugger from here).
    std::function<void(const std::string&)> hook;
    /// The logs of the copies forThread() made, in order (the run owns the copies and drops
    /// them when it ends; they write here).
    std::deque<std::vector<std::string>> copies;

    void onRunBegin(KernelRun&) override { add("run-begin"); }
    void onRunEnd(KernelRun&) override { add("run-end"); }
    void onRunDiscarded(KernelRun&) override { add("run-discarded"); }
    void onWorkGroupBegin(WorkGroup& g) override { add("group-begin " + idText(g)); }
    void onWorkGroupEnd(WorkGroup& g) override { add("group-end " + idText(g)); }
    void onBarrier(WorkGroup& g, uint32_t flags) override {
        add("barrier " + idText(g) + " flags " + std::to_string(flags));
    }
    std::unique_ptr<ExecutionObserver> forThread() override {
        if (!m_perThread) return nullptr;
        auto copy = std::make_unique<Recorder>();
        std::lock_guard<std::mutex> lock(m_copiesMutex);
        copy->m_sink = &copies.emplace_back();
        return copy;
    }
    bool parallelWithoutProof() const override { return m_perThread && !m_dependent; }
    bool provesGroupIndependence() const override { return m_dependent; }
    bool groupsIndependent() const override { return !m_dependent; }

private:
    void add(std::string event) {
        (m_sink ? *m_sink : log).push_back(event);
        if (hook) hook(event);
    }
    std::vector<std::string>* m_sink = nullptr; ///< a copy's log, kept by the original
    bool m_perThread;
    bool m_dependent;
    std::mutex m_copiesMutex;
};

/// The events of work-group (x, y): begin, its two barriers, end.
std::vector<std::string> groupEvents(int x, int y) {
    const std::string id = std::to_string(x) + "," + std::to_string(y) + ",0";
    return {"group-begin " + id, "barrier " + id + " flags 1", "barrier " + id + " flags 2",
            "group-end " + id};
}

/// The sequence of a whole run in linear work-group order (x fastest).
std::vector<std::string> expectedRun() {
    std::vector<std::string> out{"run-begin"};
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x)
            for (std::string& e : groupEvents(x, y))
                out.push_back(std::move(e));
    out.push_back("run-end");
    return out;
}

std::string joined(const std::vector<std::string>& events) {
    std::string text;
    for (const std::string& e : events)
        text += e + "\n";
    return text;
}

/// Pauses a work-item before every statement (the debugger's single step).
class EveryStatement : public StepController {
public:
    bool shouldPause(WorkItem&, const ast::Stmt&) override { return true; }
};

/// The index of the first ready work-item in local linear id order, or -1.
long firstReady(const std::vector<std::unique_ptr<WorkItem>>& items) {
    for (size_t i = 0; i < items.size(); ++i)
        if (items[i]->state() == WorkItem::State::Ready) return static_cast<long>(i);
    return -1;
}

/// A debugger session on kSource over range2D(), on one thread, `recorder` observing.
std::unique_ptr<debug::Session> session(Recorder& recorder) {
    auto s = std::make_unique<debug::Session>();
    if (!s->loadSource("test.cl", kSource)) return nullptr;
    s->setKernel("tiles");
    s->setNDRange(range2D());
    s->setArguments(arguments());
    RunOptions options;
    options.threads = 1;
    s->setRunOptions(options);
    s->addObserver(&recorder);
    return s;
}

} // namespace

class TestRunDriver : public QObject {
    Q_OBJECT
private slots:
    void groupOrderIsLinearXFastest() {
        auto program = loweringtest::compile(kSource);
        KernelRun run(*program, "tiles", range2D(), arguments(), RunOptions{});
        QVERIFY(run.ready());
        RunDriver driver(run);
        QCOMPARE(driver.totalGroups(), uint64_t(6));
        QCOMPARE(driver.nextGroup(), uint64_t(0));
        const std::vector<std::array<uint64_t, 3>> order = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0},
                                                            {0, 1, 0}, {1, 1, 0}, {2, 1, 0}};
        for (uint64_t i = 0; i < order.size(); ++i)
            QCOMPARE(driver.groupId(i), order[i]);
    }

    // KernelRun::runAll on one thread: run begin, each group (begin, barriers, end) in linear
    // work-group order, run end.
    void runAllSequence() {
        auto program = loweringtest::compile(kSource);
        RunOptions options;
        options.threads = 1;
        KernelRun run(*program, "tiles", range2D(), arguments(), options);
        Recorder recorder;
        run.addObserver(&recorder);
        QVERIFY(run.runAll());
        QCOMPARE(joined(recorder.log), joined(expectedRun()));
    }

    // On two threads with per-thread copies: the run's observer gets the run's begin and end,
    // each copy its own begin, its groups in increasing order and its end; together the
    // copies see every group once, each group's events together.
    void runAllParallelSequence() {
        auto program = loweringtest::compile(kSource);
        RunOptions options;
        options.threads = 2;
        KernelRun run(*program, "tiles", range2D(), arguments(), options);
        Recorder recorder(true);
        run.addObserver(&recorder);
        QVERIFY(run.runAll());
        QCOMPARE(joined(recorder.log), joined({"run-begin", "run-end"}));
        QVERIFY(!recorder.copies.empty());
        std::vector<std::string> groups;
        for (const std::vector<std::string>& copy : recorder.copies) {
            QVERIFY(copy.size() >= 2);
            QCOMPARE(copy.front(), std::string("run-begin"));
            QCOMPARE(copy.back(), std::string("run-end"));
            QCOMPARE((copy.size() - 2) % 4, size_t(0));
            std::string last;
            for (size_t i = 1; i + 1 < copy.size(); i += 4) {
                const std::string id = copy[i].substr(std::string("group-begin ").size());
                const std::vector<std::string> block(copy.begin() + static_cast<long>(i),
                                                     copy.begin() + static_cast<long>(i + 4));
                QCOMPARE(joined(block), joined(groupEvents(id[0] - '0', id[2] - '0')));
                const std::string linear{id[2], id[0]}; // y, x: linear order as text
                QVERIFY(last < linear);
                last = linear;
                groups.push_back(id);
            }
        }
        std::sort(groups.begin(), groups.end(), [](const std::string& a, const std::string& b) {
            return std::string{a[2], a[0]} < std::string{b[2], b[0]};
        });
        QCOMPARE(joined(groups), joined({"0,0,0", "1,0,0", "2,0,0", "0,1,0", "1,1,0", "2,1,0"}));
    }

    // A parallel attempt whose groups turn out dependent is discarded: the run's observer is
    // told, begins again and sees the sequential run.
    void runAllDiscardedParallelSequence() {
        auto program = loweringtest::compile(kSource);
        RunOptions options;
        options.threads = 2;
        KernelRun run(*program, "tiles", range2D(), arguments(), options);
        Recorder recorder(false, true);
        run.addObserver(&recorder);
        QVERIFY(run.runAll());
        std::vector<std::string> expected = expectedRun();
        expected.insert(expected.begin(), {"run-begin", "run-discarded"});
        QCOMPARE(joined(recorder.log), joined(expected));
        QVERIFY(!recorder.copies.empty());
        for (const std::vector<std::string>& copy : recorder.copies) {
            QVERIFY(copy.size() >= 2);
            QCOMPARE(copy.front(), std::string("run-begin"));
            QCOMPARE(copy.back(), std::string("run-end"));
        }
    }

    // The debugger's way: a group at a time, its work-items paused at every statement and
    // resumed by hand; a pause in the middle of a group (no group end yet), then resuming it,
    // gives the same sequence as runAll.
    void stepByStepWithPauseMidGroup() {
        auto program = loweringtest::compile(kSource);
        RunOptions options;
        options.threads = 1;
        KernelRun run(*program, "tiles", range2D(), arguments(), options);
        Recorder recorder;
        run.addObserver(&recorder);
        EveryStatement controller;
        RunDriver driver(run, &controller);
        driver.beginRun();
        QCOMPARE(joined(recorder.log), joined({"run-begin"}));
        uint64_t expectedNext = 0;
        while (!driver.finished()) {
            QCOMPARE(driver.nextGroup(), expectedNext);
            std::unique_ptr<WorkGroup> group = driver.startGroup();
            QVERIFY(group);
            QCOMPARE(group->workItems().size(), size_t(4));
            ++expectedNext;
            // Pause after 5 statements: the group has begun and passed no barrier yet.
            int resumes = 0;
            const bool ran =
                driver.runItems(*group, firstReady, [&](WorkItem&) { return ++resumes < 5; });
            QVERIFY(!ran);
            QVERIFY(!group->finished());
            QCOMPARE(recorder.log.back(), "group-begin " + idText(*group));
            // Resume: to the end of the group.
            QVERIFY(driver.runItems(*group, firstReady, [](WorkItem&) { return true; }));
            QVERIFY(group->finished());
            driver.endGroup(*group);
        }
        QCOMPARE(driver.nextGroup(), uint64_t(6));
        QVERIFY(!driver.startGroup());
        QCOMPARE(joined(recorder.log), joined(expectedRun()));
        driver.endRun(); // the run already ended with its last group: nothing more
        QCOMPARE(joined(recorder.log), joined(expectedRun()));
    }

    // debug::Session under every schedule: steps in the middle of group 0, a selection of a
    // later group, a `runall` paused from inside a group (at its first barrier) and resumed:
    // the same sequence as runAll.
    void sessionSequenceIsRunAllsUnderEverySchedule() {
        const std::vector<std::pair<debug::SchedulePolicy, uint64_t>> schedules = {
            {debug::SchedulePolicy::InOrder, 1},
            {debug::SchedulePolicy::Reverse, 1},
            {debug::SchedulePolicy::RoundRobin, 1},
            {debug::SchedulePolicy::Random, 7},
            {debug::SchedulePolicy::Simt, 1}};
        for (const auto& [policy, seed] : schedules) {
            Recorder recorder;
            auto s = session(recorder);
            QVERIFY(s);
            s->setSchedule(policy, seed);
            QVERIFY(s->reset());
            QVERIFY(s->step());
            QVERIFY(s->step());
            QVERIFY(s->stepLockstep());
            QCOMPARE(joined(recorder.log), joined({"run-begin", "group-begin 0,0,0"}));
            QVERIFY(s->selectGroup({1, 0, 0}));
            bool paused = false;
            recorder.hook = [&](const std::string& event) {
                if (!paused && event == "barrier 0,1,0 flags 1") {
                    paused = true;
                    s->requestPause();
                }
            };
            QVERIFY(s->runAll());
            QCOMPARE(s->lastStop().kind, debug::StopKind::Paused);
            QCOMPARE(recorder.log.back(), std::string("barrier 0,1,0 flags 1"));
            QVERIFY(s->runAll());
            QCOMPARE(s->lastStop().kind, debug::StopKind::KernelFinished);
            QCOMPARE(joined(recorder.log), joined(expectedRun()));
        }
    }

    // Stepping back replays from a fresh run: the abandoned run gets no end, the replay
    // begins again, and the rest of the run is runAll's.
    void sessionStepBackReplaysTheSequence() {
        Recorder recorder;
        auto s = session(recorder);
        QVERIFY(s);
        QVERIFY(s->reset());
        QVERIFY(s->step());
        QVERIFY(s->step());
        QVERIFY(s->stepBack());
        QCOMPARE(joined(recorder.log),
                 joined({"run-begin", "group-begin 0,0,0", "run-begin", "group-begin 0,0,0"}));
        recorder.log.erase(recorder.log.begin(), recorder.log.begin() + 2);
        QVERIFY(s->continueRun());
        QCOMPARE(s->lastStop().kind, debug::StopKind::KernelFinished);
        QCOMPARE(joined(recorder.log), joined(expectedRun()));
    }

    // explore: every schedule's run gives the observer the sequence of runAll.
    void exploreSequenceIsRunAlls() {
        Recorder recorder;
        auto s = session(recorder);
        QVERIFY(s);
        QVERIFY(s->reset());
        recorder.log.clear();
        const debug::ExploreResult result = s->explore(5);
        QCOMPARE(result.schedules, 5);
        std::vector<std::string> expected;
        for (int i = 0; i < 5; ++i)
            for (const std::string& e : expectedRun())
                expected.push_back(e);
        QCOMPARE(joined(recorder.log), joined(expected));
    }
};

QTEST_GUILESS_MAIN(TestRunDriver)
#include "tst_rundriver.moc"
