// Issue 32 item 7: with every check on, work-groups that share `__global` words only through
// atomic read-modify-writes whose order cannot matter (atomic_add, atomic_inc, atomic_max ...
// whose returned value is not used) run on several threads, with the result and the reports
// of the sequential run. Atomics whose order shows (a returned value used, an exchange, a
// plain read of the word) keep the run sequential.
#include "CheckRun.h"

#include <mutex>
#include <set>
#include <thread>

using namespace clstep;
using namespace clstep::testing;

namespace {

/// Records the threads that ran work-groups of the run's final attempt: each thread's copy
/// adds its id to one set, which a discarded attempt clears.
class ThreadRecorder : public ExecutionObserver {
public:
    ThreadRecorder(std::shared_ptr<std::set<std::thread::id>> ids, std::shared_ptr<std::mutex> lock)
        : m_ids(std::move(ids)), m_lock(std::move(lock)) {}
    void onWorkGroupBegin(WorkGroup&) override {
        std::lock_guard<std::mutex> hold(*m_lock);
        m_ids->insert(std::this_thread::get_id());
    }
    void onRunDiscarded(KernelRun&) override {
        std::lock_guard<std::mutex> hold(*m_lock);
        m_ids->clear();
    }
    std::unique_ptr<ExecutionObserver> forThread() override {
        return std::make_unique<ThreadRecorder>(m_ids, m_lock);
    }
    bool parallelWithoutProof() const override { return true; }

private:
    std::shared_ptr<std::set<std::thread::id>> m_ids;
    std::shared_ptr<std::mutex> m_lock;
};

// A histogram as bench/kernels/histogram.cl does it: __local counts, then one atomic_add per
// bin into bins shared by every group (the returned value unused); plus a __local race and an
// uninitialized read, so that reports are compared too. Work per group falls with the group
// id, so later groups tend to finish first on the other thread.
const char* kHistogram = R"(
__kernel void histogram(__global const uint *keys, __global uint *bins, __global uint *hits) {
    __local uint local_bins[16];
    __local uint scratch[16];
    const uint lid = get_local_id(0);
    uint spin = 0;
    for (uint i = 0; i < (get_num_groups(0) - get_group_id(0)) * 50; ++i) spin += i & 3;
    local_bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&local_bins[keys[get_global_id(0)] % 16]);
    scratch[lid] = lid;
    uint racy = scratch[(lid + 1) % 16];            // __local race (no barrier)
    uint u;
    if (lid == 3) racy += u;                        // uninitialized read
    barrier(CLK_LOCAL_MEM_FENCE);
    if (local_bins[lid] != 0)
        atomic_add(&bins[lid], local_bins[lid]);
    atomic_max(&bins[16], racy + (spin & 1));
    (void)atomic_inc(&hits[0]);
    atomic_sub(&hits[1], 2u), atomic_or(&hits[2], 1u << (get_group_id(0) % 32));
}
)";

// The returned value of the shared counter is used: the slot each group gets depends on the
// order of the groups, so the run must stay sequential to give the sequential result.
const char* kSlots = R"(
__kernel void slots(__global uint *counter, __global uint *out) {
    uint spin = 0;
    for (uint i = 0; i < (get_num_groups(0) - get_group_id(0)) * 50; ++i) spin += i & 3;
    if (get_local_id(0) == 0) {
        uint slot = atomic_inc(&counter[0]);
        out[slot] = get_group_id(0) + (spin & 0);
    }
}
)";

// Groups share bins[0] through atomic_add only, but one group also reads it plainly (order
// shows): sequential.
const char* kPlainRead = R"(
__kernel void peek(__global uint *bins, __global uint *out) {
    uint spin = 0;
    for (uint i = 0; i < (get_num_groups(0) - get_group_id(0)) * 50; ++i) spin += i & 3;
    atomic_add(&bins[0], 1u + (spin & 0));
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_group_id(0) == 3 && get_local_id(0) == 0) out[0] = bins[0];
}
)";

// Every group writes its own words, then (global barrier) reads a neighbour's within the
// group: no race; a plain write of one shared word per group in the first interval is a race
// within the group. A group that is not the head posts its `__global` accesses in batches
// (RaceDetector::processInGroupOrder): the barrier's new interval is posted between them, so
// the batch open before it must not take the accesses after it (they would race with the
// writes before the barrier).
const char* kBarriers = R"(
__kernel void phases(__global uint *out, __global uint *shared) {
    uint spin = 0;
    for (uint i = 0; i < (get_num_groups(0) - get_group_id(0)) * 50; ++i) spin += i & 3;
    const uint gid = get_global_id(0), lid = get_local_id(0), n = get_local_size(0);
    out[gid] = lid + (spin & 0);
    if (lid < 2) shared[get_group_id(0)] = lid;      // __global race in the group
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[gid] += out[gid - lid + (lid + 1) % n];
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[gid - lid + (lid + 3) % n] += 1;
}
)";

struct Outcome {
    std::string text; ///< reports (kind, line, message, count, facts) and the buffers
    size_t threads = 0;
};

Outcome run(const char* source, const char* kernel, std::vector<KernelArgument> args,
            unsigned threads, uint64_t global, uint64_t local) {
    Outcome o;
    auto program = Program::fromSource("test.cl", source, CompileOptions{});
    if (program->hasErrors()) {
        o.text = "program errors: " + program->diagnostics.front().message;
        return o;
    }
    RunOptions options;
    options.threads = threads;
    CheckSet checks{CheckOptions{}};
    KernelRun run(*program, kernel, range1D(global, local), args, options);
    checks.attach(run);
    auto ids = std::make_shared<std::set<std::thread::id>>();
    ThreadRecorder recorder(ids, std::make_shared<std::mutex>());
    run.addObserver(&recorder);
    if (!run.runAll()) return {"not run", 0};
    for (size_t i = 0; i < run.diagnostics().size(); ++i) {
        const Diagnostic& d = run.diagnostics()[i];
        o.text += std::string(DiagnosticKinds::name(d.kind)) + " " +
                  std::to_string(d.range.begin.line) + " " + d.message + " x" +
                  std::to_string(run.diagnosticCounts()[i]) + "\n";
        if (const nlohmann::json* facts = checks.details(d)) o.text += facts->dump() + "\n";
    }
    for (size_t i = 0; i < args.size(); ++i) {
        const std::vector<uint8_t> bytes = run.argumentBytes(i);
        o.text += "arg " + std::to_string(i) + ": ";
        for (uint8_t b : bytes)
            o.text += std::to_string(b) + ",";
        o.text += "\n";
    }
    o.threads = ids->size();
    return o;
}

std::vector<uint32_t> keys(size_t n) {
    std::vector<uint32_t> k(n);
    for (size_t i = 0; i < n; ++i)
        k[i] = static_cast<uint32_t>(i * 2654435761u >> 7);
    return k;
}

} // namespace

class TestParallelAtomics : public QObject {
    Q_OBJECT
private slots:
    void orderFreeAtomicsOnSharedBinsRunInParallel() {
        auto args = [](bool noInit) {
            return std::vector<KernelArgument>{bufferOf(keys(512)),
                                               bufferOf(std::vector<uint32_t>(17, 0), noInit),
                                               bufferOf(std::vector<uint32_t>(3, 0))};
        };
        const Outcome sequential = run(kHistogram, "histogram", args(false), 1, 512, 16);
        QCOMPARE(sequential.threads, size_t(1));
        QVERIFY2(sequential.text.find("data-race") != std::string::npos, sequential.text.c_str());
        QVERIFY2(sequential.text.find("uninitialized-read") != std::string::npos,
                 sequential.text.c_str());
        QVERIFY2(sequential.text.find("data race at global") == std::string::npos,
                 sequential.text.c_str());
        size_t most = 0; // a loaded machine may leave a thread unscheduled in one run
        for (int i = 0; i < 6; ++i) {
            const Outcome parallel = run(kHistogram, "histogram", args(false), 2, 512, 16);
            QCOMPARE(parallel.text, sequential.text);
            most = std::max(most, parallel.threads);
        }
        QCOMPARE(most, size_t(2));

        // A `noinit` bins buffer: whether a group's atomic_add reads written bytes depends
        // on the order of the groups, so that run stays sequential (and equal).
        const Outcome noinitSequential = run(kHistogram, "histogram", args(true), 1, 512, 16);
        QVERIFY2(noinitSequential.text.find("uninitialized-read") != std::string::npos,
                 noinitSequential.text.c_str());
        for (int i = 0; i < 3; ++i) {
            const Outcome parallel = run(kHistogram, "histogram", args(true), 2, 512, 16);
            QCOMPARE(parallel.text, noinitSequential.text);
            QCOMPARE(parallel.threads, size_t(1));
        }
    }

    void globalBarriersSplitPostedBatches() {
        auto args = [] {
            return std::vector<KernelArgument>{bufferOf(std::vector<uint32_t>(512, 0)),
                                               bufferOf(std::vector<uint32_t>(32, 0))};
        };
        const Outcome sequential = run(kBarriers, "phases", args(), 1, 512, 16);
        QVERIFY2(sequential.text.find("data race at global") != std::string::npos,
                 sequential.text.c_str());
        QVERIFY2(sequential.text.find("line 10 ") == std::string::npos, sequential.text.c_str());
        size_t most = 0;
        for (int i = 0; i < 6; ++i) {
            const Outcome parallel = run(kBarriers, "phases", args(), 2, 512, 16);
            QCOMPARE(parallel.text, sequential.text);
            most = std::max(most, parallel.threads);
        }
        QCOMPARE(most, size_t(2));
    }

    void usedAtomicResultsKeepTheSequentialOrder() {
        auto args = [] {
            return std::vector<KernelArgument>{bufferOf(std::vector<uint32_t>(1, 0)),
                                               bufferOf(std::vector<uint32_t>(32, 0))};
        };
        const Outcome sequential = run(kSlots, "slots", args(), 1, 256, 8);
        // The sequential order gives group g slot g.
        QVERIFY2(sequential.text.find("arg 1: 0,0,0,0,1,0,0,0,2,0,0,0,3,0,0,0,") !=
                     std::string::npos,
                 sequential.text.c_str());
        for (int i = 0; i < 3; ++i) {
            const Outcome parallel = run(kSlots, "slots", args(), 2, 256, 8);
            QCOMPARE(parallel.text, sequential.text);
            QCOMPARE(parallel.threads, size_t(1));
        }
    }

    void aPlainReadOfSharedAtomicsKeepsTheSequentialOrder() {
        auto args = [] {
            return std::vector<KernelArgument>{bufferOf(std::vector<uint32_t>(1, 0)),
                                               bufferOf(std::vector<uint32_t>(1, 0))};
        };
        const Outcome sequential = run(kPlainRead, "peek", args(), 1, 256, 8);
        QVERIFY2(sequential.text.find("data-race") != std::string::npos, sequential.text.c_str());
        for (int i = 0; i < 3; ++i) {
            const Outcome parallel = run(kPlainRead, "peek", args(), 2, 256, 8);
            QCOMPARE(parallel.text, sequential.text);
            QCOMPARE(parallel.threads, size_t(1));
        }
    }
};

QTEST_GUILESS_MAIN(TestParallelAtomics)
#include "tst_parallelatomics.moc"
