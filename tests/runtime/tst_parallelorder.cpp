// Work-groups that run on several threads leave printf output and runtime diagnostics in
// work-group order (issue 15, item 5), whatever the threads do: the same as a sequential run.
#include "checks/CheckSet.h"
#include "frontend/Program.h"
#include "runtime/KernelRun.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "LoweringTestSupport.h"

#include <QtTest>

#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

using namespace clstep;

namespace {
using loweringtest::intBuffer;
using loweringtest::range1D;

// Work per group falls with the group id, so later groups finish first on other threads;
// every work-item prints several lines, and some read out of bounds (a runtime diagnostic
// whose message names the work-item).
const char* kSource = R"(
__kernel void chatty(__global int* data, int n) {
    size_t g = get_group_id(0), l = get_local_id(0);
    int spin = 0;
    for (int i = 0; i < (int)(get_num_groups(0) - g) * 200; ++i) spin += i & 3;
    printf("group %d item %d begins (%d)\n", (int)g, (int)l, spin & 1);
    for (int k = 0; k < 3; ++k) printf("  g%d l%d line %d\n", (int)g, (int)l, k);
    if (l == 1) data[n + (int)g * 7] = 1; // out of bounds, a different address per group
    data[get_global_id(0)] += (int)g;
    printf("group %d item %d ends\n", (int)g, (int)l);
}
)";

struct Result {
    std::string output;
    std::vector<std::string> diagnostics;
    std::vector<uint8_t> data;
};

Result runOnce(const Program& program, unsigned threads) {
    const int n = 64;
    KernelArgument data = intBuffer(n);
    KernelArgument count;
    count.kind = KernelArgument::Kind::Scalar;
    count.bytes.resize(4);
    std::memcpy(count.bytes.data(), &n, 4);
    count.size = 4;
    const NDRange range = range1D(n, 4);
    RunOptions options;
    options.threads = threads;
    KernelRun run(program, "chatty", range, {data, count}, options);
    Result r;
    if (!run.ready() || !run.runAll()) return r;
    r.output = run.output();
    for (size_t i = 0; i < run.diagnostics().size(); ++i) {
        const Diagnostic& d = run.diagnostics()[i];
        r.diagnostics.push_back(std::string(DiagnosticKinds::name(d.kind)) + " " +
                                std::to_string(d.range.begin.line) + ":" +
                                std::to_string(d.range.begin.column) + " " + d.message + " x" +
                                std::to_string(run.diagnosticCounts()[i]) + " first by " +
                                std::to_string(d.workItems.empty() ? 0 : d.workItems[0].global[0]));
    }
    r.data = run.argumentBytes(0);
    return r;
}

// Checks on: __local races, uninitialized __private reads, out-of-bounds accesses, printf,
// and (with `shared`) a write every group makes to out[0], an inter-group __global race.
const char* kCheckedSource = R"(
__kernel void checked(__global int* out, __local int* scratch, int shared) {
    size_t l = get_local_id(0), g = get_group_id(0);
    int u;
    if (l == 2) out[get_global_id(0)] = u;               // uninitialized read
    scratch[l] = (int)l;
    out[get_global_id(0)] += scratch[(l + 1) % get_local_size(0)]; // __local race
    if (l == 3) out[get_global_size(0) + g] = 1;         // out of bounds
    if (shared && l == 0) out[0] = (int)g;               // groups share out[0]
    printf("g%d l%d\n", (int)g, (int)l);
}
)";

/// Output, then each diagnostic with its count and check facts (JSON), in order.
std::string checkedRun(const Program& program, unsigned threads, int shared) {
    const int n = 64;
    KernelArgument out = intBuffer(n);
    KernelArgument scratch;
    scratch.kind = KernelArgument::Kind::Local;
    scratch.size = 8 * 4;
    KernelArgument flag;
    flag.kind = KernelArgument::Kind::Scalar;
    flag.bytes.resize(4);
    std::memcpy(flag.bytes.data(), &shared, 4);
    flag.size = 4;
    const NDRange range = range1D(n, 8);
    RunOptions options;
    options.threads = threads;
    CheckSet checks{CheckOptions{}};
    KernelRun run(program, "checked", range, {out, scratch, flag}, options);
    checks.attach(run);
    if (!run.runAll()) return "not run";
    std::string text = run.output();
    for (size_t i = 0; i < run.diagnostics().size(); ++i) {
        const Diagnostic& d = run.diagnostics()[i];
        text += std::string(DiagnosticKinds::name(d.kind)) + " " +
                std::to_string(d.range.begin.line) + " " + d.message + " x" +
                std::to_string(run.diagnosticCounts()[i]) + "\n";
        if (const nlohmann::json* facts = checks.details(d)) text += facts->dump() + "\n";
        for (const CheckDetails::Range& r : checks.ranges(d))
            text += "  range " + std::to_string(r.address) + "+" + std::to_string(r.size) + "\n";
    }
    const std::vector<uint8_t> bytes = run.argumentBytes(0);
    return text + std::string(bytes.begin(), bytes.end());
}

// Each group writes its own part of a `noinit` buffer and reads back one byte it wrote and,
// from work-item 1, one it never wrote (an uninitialized read); nothing is shared between
// groups, so the race detector proves them independent.
const char* kNoinitSource = R"(
__kernel void own(__global int* out) {
    size_t g = get_global_id(0), l = get_local_id(0);
    int spin = 0;
    for (int i = 0; i < 2000; ++i) spin += i & 3;
    out[2 * g] = spin;
    barrier(CLK_GLOBAL_MEM_FENCE);
    int sum = out[2 * g] + out[2 * (g ^ 1)] + (l == 1 ? out[2 * g + 1] : 0);
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[2 * g] = sum;
}
)";

/// Records the threads that ran work-groups: each thread's copy adds its id to one set.
class ThreadRecorder : public ExecutionObserver {
public:
    explicit ThreadRecorder(std::shared_ptr<std::set<std::thread::id>> ids,
                            std::shared_ptr<std::mutex> lock)
        : m_ids(std::move(ids)), m_lock(std::move(lock)) {}
    void onWorkGroupBegin(WorkGroup&) override {
        std::lock_guard<std::mutex> hold(*m_lock);
        m_ids->insert(std::this_thread::get_id());
    }
    std::unique_ptr<ExecutionObserver> forThread() override {
        return std::make_unique<ThreadRecorder>(m_ids, m_lock);
    }
    bool parallelWithoutProof() const override { return true; }

private:
    std::shared_ptr<std::set<std::thread::id>> m_ids;
    std::shared_ptr<std::mutex> m_lock;
};

/// Runs kNoinitSource with every check on: the diagnostics and bytes, and how many threads
/// ran work-groups.
std::pair<std::string, size_t> noinitRun(const Program& program, unsigned threads) {
    const int n = 512;
    KernelArgument out = intBuffer(2 * n);
    out.noInit = true;
    const NDRange range = range1D(n, 8);
    RunOptions options;
    options.threads = threads;
    CheckSet checks{CheckOptions{}};
    KernelRun run(program, "own", range, {out}, options);
    checks.attach(run);
    auto ids = std::make_shared<std::set<std::thread::id>>();
    ThreadRecorder recorder(ids, std::make_shared<std::mutex>());
    run.addObserver(&recorder);
    if (!run.runAll()) return {"not run", 0};
    std::string text;
    for (size_t i = 0; i < run.diagnostics().size(); ++i) {
        const Diagnostic& d = run.diagnostics()[i];
        text += std::string(DiagnosticKinds::name(d.kind)) + " " +
                std::to_string(d.range.begin.line) + " " + d.message + " x" +
                std::to_string(run.diagnosticCounts()[i]) + "\n";
    }
    const std::vector<uint8_t> bytes = run.argumentBytes(0);
    return {text + std::string(bytes.begin(), bytes.end()), ids->size()};
}

} // namespace

class TestParallelOrder : public QObject {
    Q_OBJECT
private slots:
    void printfAndDiagnosticsInGroupOrder() {
        auto program = Program::fromSource("chatty.cl", kSource, {});
        QVERIFY(!program->hasErrors());
        const Result sequential = runOnce(*program, 1);
        // 16 groups of 4 work-items, 5 lines each, in group then local id order.
        QCOMPARE(sequential.output.size() > 0, true);
        QVERIFY(sequential.output.find("group 0 item 0 begins") <
                sequential.output.find("group 15 item 3 ends"));
        QVERIFY(sequential.output.find("group 1 item 3 ends") <
                sequential.output.find("group 2 item 0 begins"));
        // One report merged from 16 occurrences; it names the first occurrence, group 0's.
        QCOMPARE(sequential.diagnostics.size(), size_t(1));
        QVERIFY2(sequential.diagnostics[0].find("x16") != std::string::npos,
                 sequential.diagnostics[0].c_str());
        QVERIFY2(sequential.diagnostics[0].find("offset 256)") != std::string::npos,
                 sequential.diagnostics[0].c_str());

        // 20 runs at the same time, each on 4 threads: every one equals the sequential run.
        std::vector<Result> results(20);
        std::vector<std::thread> threads;
        for (size_t i = 0; i < results.size(); ++i)
            threads.emplace_back([&, i] { results[i] = runOnce(*program, 4); });
        for (std::thread& t : threads)
            t.join();
        for (const Result& r : results) {
            QCOMPARE(r.output, sequential.output);
            QCOMPARE(r.diagnostics, sequential.diagnostics);
            QCOMPARE(r.data, sequential.data);
        }
    }

    void checksOnReportAsASequentialRun() {
        // Issue 15 item 6: with checks on, groups run on threads and every report, its
        // count, its facts and its ranges are those of the sequential run, both when the
        // groups are independent (parallel) and when they share a __global byte (the run is
        // then repeated sequentially).
        auto program = Program::fromSource("checked.cl", kCheckedSource, {});
        QVERIFY(!program->hasErrors());
        for (int shared : {0, 1}) {
            const std::string sequential = checkedRun(*program, 1, shared);
            QVERIFY(sequential.find("data-race") != std::string::npos);
            QVERIFY(sequential.find("uninitialized-read") != std::string::npos);
            QVERIFY(sequential.find("out-of-bounds") != std::string::npos);
            QCOMPARE(sequential.find("data race at global") != std::string::npos, shared == 1);
            std::vector<std::string> results(20);
            std::vector<std::thread> threads;
            for (size_t i = 0; i < results.size(); ++i)
                threads.emplace_back([&, i] { results[i] = checkedRun(*program, 4, shared); });
            for (std::thread& t : threads)
                t.join();
            for (const std::string& r : results)
                QCOMPARE(r, sequential);
        }
    }

    void checksOnRunInParallelWithANoinitBuffer() {
        // Issue 15 item 6 with a `noinit` buffer (most real outputs): the uninitialized check
        // tracks it per thread, and the race detector's proof that no group touched another's
        // written bytes makes that exact. Once the run went sequential whenever a noinit
        // buffer existed (UninitializedChecker::forThread refused), with checks on.
        auto program = Program::fromSource("own.cl", kNoinitSource, {});
        QVERIFY(!program->hasErrors());
        const auto [sequential, one] = noinitRun(*program, 1);
        QCOMPARE(one, size_t(1));
        QVERIFY2(sequential.find("uninitialized-read") != std::string::npos, sequential.c_str());
        QVERIFY2(sequential.find("x64") != std::string::npos, sequential.c_str()); // 64 groups
        QVERIFY(sequential.find("data-race") == std::string::npos);
        size_t most = 0; // a loaded machine may leave a thread unscheduled in one run
        for (int i = 0; i < 5; ++i) {
            const auto [parallel, threads] = noinitRun(*program, 2);
            QCOMPARE(parallel, sequential);
            most = std::max(most, threads);
        }
        QCOMPARE(most, size_t(2));
    }

    void manyGroupsOnManyThreads() {
        // Many small groups on more threads than cores.
        auto program = Program::fromSource("many.cl", R"(
__kernel void many(__global int* out) {
    printf("%d\n", (int)get_global_id(0));
    out[get_global_id(0)] = (int)get_group_id(0);
}
)",
                                           {});
        QVERIFY(!program->hasErrors());
        const KernelArgument out = intBuffer(4096);
        const NDRange range = range1D(4096, 2);
        RunOptions options;
        options.threads = 8;
        KernelRun run(*program, "many", range, {out}, options);
        QVERIFY(run.runAll());
        std::string expect;
        for (int i = 0; i < 4096; ++i)
            expect += std::to_string(i) + "\n";
        QCOMPARE(run.output(), expect);
    }

    void longQueueWaitsForItsTurn() {
        // Group 1 prints more lines than a group may queue (GroupSequencer::kMaxQueued)
        // while group 0 is still busy: it waits for its turn, and the order holds.
        auto program = Program::fromSource("long.cl", R"(
__kernel void busy(__global int* out) {
    int s = 0;
    if (get_group_id(0) == 0)
        for (int i = 0; i < 300000; ++i) s += i & 1;
    else
        for (int i = 0; i < 70000; ++i) printf("%d\n", i);
    if (get_group_id(0) == 0) printf("first %d\n", s);
    out[get_group_id(0)] = s;
}
)",
                                           {});
        QVERIFY(!program->hasErrors());
        const KernelArgument out = intBuffer(2);
        const NDRange range = range1D(2, 1);
        RunOptions options;
        options.threads = 2;
        KernelRun run(*program, "busy", range, {out}, options);
        QVERIFY(run.runAll());
        std::string expect = "first 150000\n";
        for (int i = 0; i < 70000; ++i)
            expect += std::to_string(i) + "\n";
        QCOMPARE(run.output(), expect);
    }
};

QTEST_GUILESS_MAIN(TestParallelOrder)
#include "tst_parallelorder.moc"
