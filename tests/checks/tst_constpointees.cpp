// constPointeesUnwritten (checks/ConstPointees.h): the programs in which a buffer bound only to
// `__global const T *` parameters may still be written must answer false, whatever route the
// write takes; programs that only read through such pointers answer true.
#include "checks/ConstPointees.h"
#include "frontend/Program.h"

#include <QtTest>

#include <memory>
#include <string>

using namespace clstep;

namespace {

/// The answer for `source`, built as OpenCL C 2.0 (program-scope `__global` variables).
bool unwritten(const std::string& source) {
    CompileOptions o;
    o.clVersion = 200;
    auto p = Program::fromSource("test.cl", source, o);
    if (!p || p->hasErrors()) {
        for (const Diagnostic& d : p->diagnostics)
            qWarning("%s", d.message.c_str());
        qFatal("the test program does not compile");
    }
    return constPointeesUnwritten(*p);
}

} // namespace

class TestConstPointees : public QObject {
    Q_OBJECT
private slots:
    void readsOnlyAreUnwritten() {
        // bench/kernels/histogram.cl
        QVERIFY(unwritten(R"(
__kernel void histogram(__global const uint *keys, __global uint *bins) {
    __local uint local_bins[256];
    const uint lid = get_local_id(0);
    local_bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint k = keys[get_global_id(0)];
    atomic_inc(&local_bins[(k * 2654435761u) >> 24]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (local_bins[lid] != 0) atomic_add(&bins[lid], local_bins[lid]);
})"));
        // through helpers taking const, vload, a cast to another const pointee, pointer
        // arithmetic, a pointer converted to an integer, the null pointer
        QVERIFY(unwritten(R"(
uint first(__global const uint *p) { return p[0]; }
__kernel void k(__global const uint *in, __global uint *out) {
    size_t i = get_global_id(0);
    __global const uchar *bytes = (__global const uchar *)in;
    __global const uint *q = in + 1;
    __global uint *none = 0;
    out[i] = first(in) + vload4(0, in).y + bytes[3] + *q + (uint)(ulong)in + (none != 0);
})"));
    }

    void constDroppedByACast() {
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { ((__global uint *)in)[0] = 1; })"));
        // the cast of a comma expression
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { int a = 0; ((__global uint *)(a, in))[0] = 1; })"));
    }

    void constDroppedImplicitly() {
        // an initialization, an assignment, an argument, a return value, `?:`
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { __global uint *p = in; p[0] = 1; })"));
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { __global uint *p; p = in; p[0] = 1; })"));
        QVERIFY(!unwritten(R"(
void store(__global uint *p) { p[0] = 1; }
__kernel void k(__global const uint *in) { store(in); })"));
        QVERIFY(!unwritten(R"(
__global uint *same(__global const uint *p) { return p; }
__kernel void k(__global const uint *in) { same(in)[0] = 1; })"));
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in, __global uint *out) {
    __global uint *p = get_global_id(0) ? out : in;
    p[0] = 1;
})"));
        // an initializer list's element
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { __global uint *a[1] = {in}; a[0][0] = 1; })"));
    }

    void builtinsWritingThroughConst() {
        // clstep rejects a pointer to const for the pointer a built-in writes through
        // (atomic_add, vstore4, fract: no-matching-builtin); one that returns the pointer it
        // is given is not known to keep the const
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { __global uint *g = to_global(in); g[0] = 1; })"));
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { __global const uint *g = to_global(in); })"));
        // async copies read their source
        QVERIFY(unwritten(R"(
__kernel void k(__global const uint *in) {
    __local uint tmp[4];
    wait_group_events(1, &(event_t){async_work_group_copy(tmp, in, 4, 0)});
})"));
    }

    void addressesForged() {
        // an integer made into a pointer
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) { ((__global uint *)(ulong)in)[0] = 1; })"));
        // the bytes of a pointer object written as another type
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) {
    __global uint *p = 0;
    __global const uint *c = in;
    *(__private ulong *)&p = *(__private ulong *)&c;
    p[0] = 1;
})"));
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in) {
    __global const uint *c = in;
    (*(__global uint *__private *)&c)[0] = 1;
})"));
        // a union holding a pointer
        QVERIFY(!unwritten(R"(
typedef union { __global const uint *c; __global uint *w; } U;
__kernel void k(__global const uint *in) { U u; u.c = in; u.w[0] = 1; })"));
    }

    void pointersStoredInMemory() {
        // a kernel parameter that points at pointers (the host or an earlier launch stored them)
        QVERIFY(!unwritten(R"(
__kernel void k(__global const uint *in, __global uint *__global *ptrs) { ptrs[0][0] = 1; })"));
        // a program-scope pointer (set by an earlier launch)
        QVERIFY(!unwritten(R"(
__global uint *__global saved;
__kernel void k(__global const uint *in) { saved[0] = in[0]; })"));
    }
};

QTEST_APPLESS_MAIN(TestConstPointees)
#include "tst_constpointees.moc"
