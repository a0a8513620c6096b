// A run without checks (no observer proves the work-groups independent) ends as the
// sequential run does, whatever the number of threads (issue 30): work-groups that share a
// written `__global` byte (a write every group makes, a read of another group's write, an
// atomic counter whose old values are kept) are run again in work-group order, and groups
// that share none (adjacent bytes of one 64-byte block included) stay parallel.
#include "frontend/Program.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/KernelRun.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "LoweringTestSupport.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

using namespace clstep;

namespace {
using loweringtest::intBuffer;
using loweringtest::ints;
using loweringtest::range1D;

// Work per group falls with the group id, so on two threads a later group finishes first
// and an earlier one, running beside it, accesses the shared words after it.
const char* kSource = R"(
int spin(void) {
    int s = 0;
    for (int i = 0; i < (int)(get_num_groups(0) - get_group_id(0)) * 150; ++i) s += i & 3;
    return s;
}
// Every group writes the same four words (tests/kernels/data-race/groups_write_same_outputs).
__kernel void same_words(__global int* out) {
    int s = spin();
    out[get_local_id(0)] = (int)get_group_id(0);
    out[4 + get_global_id(0)] = s;
}
// Every group reads the word group 0 writes last.
__kernel void reads_group0(__global int* flag, __global int* seen) {
    int s = spin();
    if (get_group_id(0) == 0) {
        for (int i = 0; i < 20000; ++i) s += i & 1;
        flag[0] = 7 + (s & 0);
    }
    seen[get_global_id(0)] = flag[0];
}
// A ticket counter: the old value atomic_inc returns is kept.
__kernel void tickets(__global int* counter, __global int* ticket) {
    int s = spin();
    ticket[get_global_id(0)] = atomic_inc(counter) + (s & 0);
}
// Each group writes its own byte (adjacent bytes of one block) and reads every group's input.
__kernel void own_bytes(__global const uchar* in, __global uchar* out) {
    int s = spin();
    uchar sum = 0;
    for (size_t i = 0; i < get_global_size(0); ++i) sum += in[i];
    out[get_global_id(0)] = (uchar)(sum + get_group_id(0) + (s & 0));
}
)";

/// Counts the threads that ran work-groups and the discarded attempts; needs no proof of
/// independence (ExecutionObserver::parallelWithoutProof), as the access statistics.
class Recorder : public ExecutionObserver {
public:
    struct Shared {
        std::mutex lock;
        std::condition_variable joined;
        std::set<std::thread::id> threads;
        std::atomic<int> discarded{0};
        /// The first thread to start a group waits (up to 5 s) for a second one, so that a
        /// loaded machine cannot let one thread run every group before the other starts.
        bool awaitSecondThread = false;
    };
    explicit Recorder(std::shared_ptr<Shared> shared) : m_shared(std::move(shared)) {}
    void onWorkGroupBegin(WorkGroup&) override {
        std::unique_lock<std::mutex> hold(m_shared->lock);
        m_shared->threads.insert(std::this_thread::get_id());
        if (m_shared->threads.size() >= 2)
            m_shared->joined.notify_all();
        else if (m_shared->awaitSecondThread)
            m_shared->joined.wait_for(hold, std::chrono::seconds(5),
                                      [this] { return m_shared->threads.size() >= 2; });
    }
    void onRunDiscarded(KernelRun&) override { ++m_shared->discarded; }
    std::unique_ptr<ExecutionObserver> forThread() override {
        return std::make_unique<Recorder>(m_shared);
    }
    bool parallelWithoutProof() const override { return true; }

private:
    std::shared_ptr<Shared> m_shared;
};

/// The final bytes of every buffer argument of `kernel` run over `groups` groups of 4
/// work-items on `threads` threads (with a Recorder when `recorder` is given).
std::vector<std::vector<uint8_t>> run(const Program& program, const std::string& kernel,
                                      std::vector<KernelArgument> args, uint64_t groups,
                                      unsigned threads, Recorder* recorder = nullptr) {
    RunOptions options;
    options.threads = threads;
    KernelRun r(program, kernel, range1D(groups * 4, 4), std::move(args), options);
    if (recorder) r.addObserver(recorder);
    if (!r.ready() || !r.runAll()) return {};
    std::vector<std::vector<uint8_t>> bytes;
    for (size_t i = 0; i < r.arguments().size(); ++i)
        bytes.push_back(r.argumentBytes(i));
    return bytes;
}

KernelArgument ucharBuffer(size_t n) {
    KernelArgument a = intBuffer(n);
    a.bytes.assign(n, 0);
    for (size_t i = 0; i < n; ++i)
        a.bytes[i] = static_cast<uint8_t>(i * 7);
    a.size = n;
    a.elementBytes = 1;
    return a;
}

} // namespace

class TestUnobservedParallel : public QObject {
    Q_OBJECT
private slots:
    void unobservedRunsEndAsTheSequentialRun_data() {
        QTest::addColumn<QString>("kernel");
        QTest::newRow("every group writes the same words") << "same_words";
        QTest::newRow("groups read group 0's write") << "reads_group0";
        QTest::newRow("atomic counter's old values") << "tickets";
    }
    void unobservedRunsEndAsTheSequentialRun() {
        // Before issue 30, `--no-checks` ran these in parallel with no proof, and the
        // outputs depended on which thread came last (a later group finished first).
        QFETCH(QString, kernel);
        auto program = loweringtest::compile(kSource);
        QVERIFY(!program->hasErrors());
        const uint64_t groups = 32;
        const std::string name = kernel.toStdString();
        auto args = [&] {
            return name == "same_words"
                       ? std::vector<KernelArgument>{intBuffer(4 + groups * 4)}
                       : std::vector<KernelArgument>{intBuffer(1), intBuffer(groups * 4)};
        };
        const auto sequential = run(*program, name, args(), groups, 1);
        QVERIFY(!sequential.empty());
        if (name == "same_words")
            for (int i = 0; i < 4; ++i)
                QCOMPARE(ints(sequential[0])[i], int(groups - 1));
        if (name == "reads_group0") QCOMPARE(ints(sequential[1])[groups * 4 - 1], 7);
        if (name == "tickets") QCOMPARE(ints(sequential[1])[groups * 4 - 1], int(groups * 4 - 1));
        for (int i = 0; i < 12; ++i) {
            QCOMPARE(run(*program, name, args(), groups, 2), sequential);
            // observers that need no proof are proven by the same record
            auto shared = std::make_shared<Recorder::Shared>();
            Recorder recorder(shared);
            QCOMPARE(run(*program, name, args(), groups, 2, &recorder), sequential);
            QCOMPARE(shared->discarded.load(), 1);
        }
    }

    void independentGroupsStayParallel() {
        // Each group writes its own byte, all within one 64-byte block, and reads the whole
        // input, which no group writes: nothing is shared, nothing is run twice.
        auto program = loweringtest::compile(kSource);
        QVERIFY(!program->hasErrors());
        const uint64_t groups = 8;
        auto args = [&] {
            return std::vector<KernelArgument>{ucharBuffer(groups * 4), ucharBuffer(groups * 4)};
        };
        const auto sequential = run(*program, "own_bytes", args(), groups, 1);
        QVERIFY(!sequential.empty());
        for (int i = 0; i < 5; ++i) {
            auto shared = std::make_shared<Recorder::Shared>();
            shared->awaitSecondThread = true; // both threads run groups, however loaded
            Recorder recorder(shared);
            QCOMPARE(run(*program, "own_bytes", args(), groups, 2, &recorder), sequential);
            QCOMPARE(shared->discarded.load(), 0);
            QCOMPARE(shared->threads.size(), size_t(2));
        }
    }
};

QTEST_GUILESS_MAIN(TestUnobservedParallel)
#include "tst_unobservedparallel.moc"
