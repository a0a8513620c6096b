// UninitializedChecker (through CheckSet, in-process): private, local and noinit memory,
// initializers, copies, and the per-group reset of __local memory.
#include "CheckRun.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::testing;

namespace {
CheckOptions uninitializedOnly() {
    CheckOptions o = CheckOptions::none();
    o.uninitialized = true;
    return o;
}
} // namespace

class TestUninitializedChecker : public QObject {
    Q_OBJECT
private slots:
    void privateVariable() {
        auto r =
            runChecked(R"(
__kernel void k(__global int *out) {
    int x;
    if (get_global_id(0) > 100) x = 1;
    out[get_global_id(0)] = x;
})",
                       "k", range1D(4, 4), {bufferOf(std::vector<int>(4))}, uninitializedOnly());
        auto reads = r.ofKind("uninitialized-read");
        QCOMPARE(reads.size(), size_t(1));
        QCOMPARE(reads[0]->severity, Severity::Warning);
        QCOMPARE(reads[0]->range.begin.line, 5u);
        QCOMPARE(r.countOf(reads[0]), uint64_t(4));
        QVERIFY(reads[0]->message.rfind("Uninitialized value read of size 4 at private memory",
                                        0) == 0);
        const nlohmann::json& f = *r.checks->details(*reads[0]);
        QCOMPARE(f["space"].get<std::string>(), std::string("private"));
        QCOMPARE(f["buffer"].get<std::string>(), std::string("x"));
        QCOMPARE(f["size"].get<uint64_t>(), uint64_t(4));
    }

    void initializersCopiesAndParametersCount() {
        auto r = runChecked(R"(
typedef struct { char c; int i; } S;
int twice(int v) { return 2 * v; }
__kernel void k(__global int *out, int bias) {
    int a[4] = {1};
    S s; s.c = 1; s.i = 2;
    S t = s;
    char text[8] = "ab";
    out[get_global_id(0)] = a[3] + t.c + t.i + twice(bias) + text[5];
})",
                            "k", range1D(4, 4),
                            {bufferOf(std::vector<int>(4)),
                             [] {
                                 KernelArgument a;
                                 a.kind = KernelArgument::Kind::Scalar;
                                 a.bytes = {3, 0, 0, 0};
                                 a.size = 4;
                                 return a;
                             }()},
                            uninitializedOnly());
        QVERIFY(r.run->diagnostics().empty());
    }

    void noinitBufferUntilWritten() {
        auto r = runChecked(R"(
__kernel void k(__global int *scratch, __global int *out) {
    int gid = get_global_id(0);
    if (gid % 2 == 0) scratch[gid] = gid;
    out[gid] = scratch[gid];
})",
                            "k", range1D(8, 8),
                            {bufferOf(std::vector<int>(8), true), bufferOf(std::vector<int>(8))},
                            uninitializedOnly());
        auto reads = r.ofKind("uninitialized-read");
        QCOMPARE(reads.size(), size_t(1));
        QCOMPARE(r.countOf(reads[0]), uint64_t(4));
        const nlohmann::json& f = *r.checks->details(*reads[0]);
        QCOMPARE(f["space"].get<std::string>(), std::string("global"));
        QCOMPARE(f["buffer"].get<std::string>(), std::string("scratch"));
        QCOMPARE(f["first_uninitialized_offset"].get<uint64_t>(), uint64_t(4)); // element 1
    }

    void copiesCarryTheState() {
        const char* src = R"(
__kernel void k(__global const int *src, __global int *out) {
    __local int t[8];
    event_t e = async_work_group_copy(t, src, 8, 0);
    wait_group_events(1, &e);
    out[get_local_id(0)] = t[get_local_id(0)];
})";
        auto fromNoinit =
            runChecked(src, "k", range1D(8, 8),
                       {bufferOf(std::vector<int>(8), true), bufferOf(std::vector<int>(8))},
                       uninitializedOnly());
        QCOMPARE(fromNoinit.ofKind("uninitialized-read").size(), size_t(1));
        auto fromData = runChecked(
            src, "k", range1D(8, 8),
            {bufferOf(std::vector<int>(8, 5)), bufferOf(std::vector<int>(8))}, uninitializedOnly());
        QVERIFY(fromData.run->diagnostics().empty());
    }

    void localMemoryStartsUninitializedInEveryGroup() {
        auto r =
            runChecked(R"(
__kernel void k(__global int *out) {
    __local int t[4];
    if (get_group_id(0) == 0) t[get_local_id(0)] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[get_local_id(0)];
})",
                       "k", range1D(8, 4), {bufferOf(std::vector<int>(8))}, uninitializedOnly());
        auto reads = r.ofKind("uninitialized-read");
        QCOMPARE(reads.size(), size_t(1));
        QCOMPARE(r.countOf(reads[0]), uint64_t(4)); // the four work-items of group 1
        QCOMPARE(reads[0]->workItems[0].group[0], uint64_t(1));
    }
};

QTEST_GUILESS_MAIN(TestUninitializedChecker)
#include "tst_uninitializedchecker.moc"
