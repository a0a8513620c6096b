// Frame-level reuse of a callee's `__private` buffers (runtime/Memory.h, Memory::release):
// a call takes the buffer slots its previous call released (the free list decides which
// slot a variable gets, so the addresses are those of a fresh allocation), and their storage
// too. Counted here with a replaced global operator new: a callee with a 512-byte private
// array (more than Memory::kRetainedBytes) called again and again allocates host memory for
// it once per work-item, not once per call, with and without the uninitialized-read check.
#include "checks/CheckDetails.h"
#include "checks/UninitializedChecker.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "LoweringTestSupport.h"

#include <QtTest>

#include "CountingNew.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

using namespace clstep;

namespace {

// `calls` calls of a helper whose array needs 512 bytes of private memory.
const char* kRepeatedCalls = R"(
int sum(int seed) {
    int tmp[128];
    for (int i = 0; i < 128; ++i) tmp[i] = seed + i;
    int s = 0;
    for (int i = 0; i < 128; ++i) s += tmp[i];
    return s;
}
__kernel void k(__global int* out, int calls) {
    int s = 0;
    for (int c = 0; c < calls; ++c) s += sum(c);
    out[0] = s;
})";

KernelArgument intScalar(int32_t v) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Scalar;
    a.bytes.resize(4);
    std::memcpy(a.bytes.data(), &v, 4);
    a.size = 4;
    return a;
}

/// Host allocations (operator new) of one work-item running kRepeatedCalls with `calls`
/// calls, from the start of the run to its end; `out` is set to the kernel's result.
uint64_t allocationsOfRun(const Program& program, int calls, bool uninitializedCheck,
                          int32_t& out) {
    RunOptions o;
    o.threads = 1;
    KernelRun run(program, "k", loweringtest::oneWorkItem(),
                  {loweringtest::intBuffer(1), intScalar(calls)}, o);
    CheckDetails details;
    UninitializedChecker uninitialized(details);
    if (uninitializedCheck) run.addObserver(&uninitialized);
    const uint64_t before = test::g_allocations.load();
    const bool finished = run.runAll();
    const uint64_t after = test::g_allocations.load();
    if (!finished) return ~uint64_t(0);
    std::memcpy(&out, run.argumentBytes(0).data(), 4);
    return after - before;
}

} // namespace

class TestFrameReuse : public QObject {
    Q_OBJECT
private slots:
    void repeatedCallsAllocateTheirPrivateArrayOnce() {
        auto program = loweringtest::compile(kRepeatedCalls);
        QVERIFY(program->diagnostics.empty());
        for (bool check : {false, true}) {
            int32_t few = 0, many = 0;
            const uint64_t a2 = allocationsOfRun(*program, 2, check, few);
            const uint64_t a42 = allocationsOfRun(*program, 42, check, many);
            QCOMPARE(few, 2 * (128 * 127 / 2) + 128 * 1);
            QCOMPARE(many, 42 * (128 * 127 / 2) + 128 * (41 * 42 / 2));
            // 40 more calls, no more host allocations (before: one per call)
            QCOMPARE(a42, a2);
        }
    }
};

QTEST_MAIN(TestFrameReuse)
#include "tst_framereuse.moc"
