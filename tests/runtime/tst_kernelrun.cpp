// Runs small kernels through the whole pipeline (preprocess, parse, Sema, interpreter) and
// checks the bytes they leave in their buffers.
#include "frontend/Program.h"
#include "runtime/KernelRun.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "LoweringTestSupport.h"

#include <array>

#include <QtTest>

#include <cstring>

using namespace clstep;

namespace {

template <typename T>
KernelArgument bufferOf(const std::vector<T>& values) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Buffer;
    a.bytes.resize(values.size() * sizeof(T));
    std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    a.size = a.bytes.size();
    a.elementBytes = sizeof(T);
    return a;
}

template <typename T>
KernelArgument scalarOf(T v) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Scalar;
    a.bytes.resize(sizeof(T));
    std::memcpy(a.bytes.data(), &v, sizeof(T));
    a.size = sizeof(T);
    return a;
}

KernelArgument localOf(uint64_t bytes) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Local;
    a.size = bytes;
    return a;
}

template <typename T>
std::vector<T> as(const std::vector<uint8_t>& bytes) {
    std::vector<T> out(bytes.size() / sizeof(T));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
}

struct Ran {
    std::unique_ptr<Program> program;
    std::unique_ptr<KernelRun> run;
};

Ran runKernel(const char* source, const char* kernel, NDRange range,
              std::vector<KernelArgument> args, RunOptions options = {}, CompileOptions co = {}) {
    Ran r;
    r.program = Program::fromSource("test.cl", source, co);
    for (const Diagnostic& d : r.program->diagnostics)
        qWarning("%u:%u: %s [%s]", d.range.begin.line, d.range.begin.column, d.message.c_str(),
                 DiagnosticKinds::name(d.kind));
    r.run = std::make_unique<KernelRun>(*r.program, kernel, range, std::move(args), options);
    r.run->runAll();
    return r;
}

using loweringtest::range1D;

} // namespace

class TestKernelRun : public QObject {
    Q_OBJECT
private slots:
    void vectorAdd() {
        std::vector<float> a(64), b(64), c(64, 0);
        for (int i = 0; i < 64; ++i) {
            a[i] = i * 0.5f;
            b[i] = 100.0f - i;
        }
        auto r = runKernel("__kernel void add(__global const float* a, __global const float* b, "
                           "__global float* c) {"
                           "  size_t i = get_global_id(0); c[i] = a[i] + b[i]; }",
                           "add", range1D(64, 16), {bufferOf(a), bufferOf(b), bufferOf(c)});
        QVERIFY(r.run->ready());
        QVERIFY(r.run->diagnostics().empty());
        auto out = as<float>(r.run->argumentBytes(2));
        for (int i = 0; i < 64; ++i)
            QCOMPARE(out[i], a[i] + b[i]);
    }

    // Every work-item starts with the host's argument values, although the previous
    // work-item on the same thread changed its own copies (by assignment, ++, a vector
    // component, through a pointer to the parameter, through a member of a struct
    // parameter), and a parameter the kernel never writes keeps its value.
    void argumentsRebindEveryWorkItem() {
        struct Pair {
            int a, b;
        } pair{100, 200};
        KernelArgument structArg;
        structArg.kind = KernelArgument::Kind::Scalar;
        structArg.bytes.resize(sizeof pair);
        std::memcpy(structArg.bytes.data(), &pair, sizeof pair);
        structArg.size = sizeof pair;
        std::vector<int> out(8 * 6, -1);
        auto r = runKernel(R"(
typedef struct { int a, b; } Pair;
void bump(int* p) { *p += 1000; }
__kernel void k(__global int* out, int n, int m, int4 v, int q, Pair s, int kept) {
    size_t i = get_global_id(0);
    out[6 * i + 0] = n; n = 7;
    out[6 * i + 1] = m++;
    out[6 * i + 2] = v.y; v.y += 5;
    out[6 * i + 3] = q; bump(&q);
    out[6 * i + 4] = s.b; s.b = -1;
    out[6 * i + 5] = kept;
    out += 1;
})",
                           "k", range1D(8, 8),
                           {bufferOf(out), scalarOf<int32_t>(3), scalarOf<int32_t>(4),
                            scalarOf<std::array<int32_t, 4>>({10, 11, 12, 13}),
                            scalarOf<int32_t>(5), structArg, scalarOf<int32_t>(6)});
        QVERIFY(r.run->diagnostics().empty());
        auto res = as<int>(r.run->argumentBytes(0));
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(res[6 * i + 0], 3);
            QCOMPARE(res[6 * i + 1], 4);
            QCOMPARE(res[6 * i + 2], 11);
            QCOMPARE(res[6 * i + 3], 5);
            QCOMPARE(res[6 * i + 4], 200);
            QCOMPARE(res[6 * i + 5], 6);
        }
    }

    void reductionWithBarriers() {
        std::vector<int> in(64), out(4, 0);
        for (int i = 0; i < 64; ++i)
            in[i] = i + 1;
        auto r =
            runKernel(R"(
__kernel void reduce(__global const int* in, __global int* out, __local int* scratch) {
    size_t lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
})",
                      "reduce", range1D(64, 16), {bufferOf(in), bufferOf(out), localOf(16 * 4)});
        QVERIFY(r.run->diagnostics().empty());
        auto res = as<int>(r.run->argumentBytes(1));
        for (int g = 0; g < 4; ++g) {
            int expect = 0;
            for (int i = 0; i < 16; ++i)
                expect += g * 16 + i + 1;
            QCOMPARE(res[g], expect);
        }
    }

    void vectorsSwizzlesAndStructs() {
        std::vector<float> out(8, 0);
        auto r = runKernel(R"(
typedef struct { char tag; float4 v; } Item;
float sum4(float4 v) { return v.x + v.y + v.z + v.w; }
__kernel void k(__global float* out) {
    Item it = { 'a', (float4)(1.0f, 2.0f, 3.0f, 4.0f) };
    float4 w = it.v.wzyx * 2.0f;
    out[0] = w.x; out[1] = w.s1; out[2] = sum4(w);
    out[3] = sizeof(Item);
    it.v.xy = (float2)(10.0f, 20.0f);
    out[4] = it.v.x + it.v.y;
    int3 q = (int3)(1, 2, 3);
    out[5] = vec_step(q);
    out[6] = (float)(7 >> 33);
    uchar c = 250; c += 10; out[7] = c;
})",
                           "k", range1D(1, 1), {bufferOf(out)});
        QVERIFY(r.run->diagnostics().empty());
        auto res = as<float>(r.run->argumentBytes(0));
        QCOMPARE(res[0], 8.0f);
        QCOMPARE(res[1], 6.0f);
        QCOMPARE(res[2], 20.0f);
        QCOMPARE(res[3], 32.0f); // float4 aligned to 16 bytes
        QCOMPARE(res[4], 30.0f);
        QCOMPARE(res[5], 4.0f); // vec_step of a 3-component vector is 4
        QCOMPARE(res[6], 3.0f); // shift count taken modulo 32 (OpenCL 6.3.j)
        QCOMPARE(res[7], 4.0f); // uchar wraps
    }

    void controlFlow() {
        std::vector<int> out(4, 0);
        auto r = runKernel(R"(
__kernel void k(__global int* out) {
    int s = 0;
    for (int i = 0; i < 10; i++) { if (i == 3) continue; if (i == 8) break; s += i; }
    out[0] = s;
    int x = 2, y = 0;
    switch (x) { case 1: y = 10; break; case 2: y = 20; case 3: y += 1; break; default: y = -1; }
    out[1] = y;
    int n = 0;
again:
    n++;
    if (n < 5) goto again;
    out[2] = n;
    int d = 0; do { d += 2; } while (d < 7);
    out[3] = (d, d + 1) ? d : -1;
})",
                           "k", range1D(1, 1), {bufferOf(out)});
        QVERIFY(r.run->diagnostics().empty());
        auto res = as<int>(r.run->argumentBytes(0));
        QCOMPARE(res[0], 0 + 1 + 2 + 4 + 5 + 6 + 7);
        QCOMPARE(res[1], 21);
        QCOMPARE(res[2], 5);
        QCOMPARE(res[3], 8);
    }

    void nestedSwitchesAndGotoIntoBlocks() {
        // Case labels belong to the innermost switch (C99 6.8.4.2); a case inside a nested
        // block of the body is still reached; goto jumps forward into a nested block.
        std::vector<int> out(6, 0);
        auto r = runKernel(R"(
int classify(int a, int b) {
    switch (a) {
    case 0:
        switch (b) { case 1: return 100; default: return 101; }
    case 1: {
        int t = 10;
        if (b) { case 2: t += 5; }
        return t;
    }
    default: break;
    }
    return -1;
}
__kernel void k(__global int* out) {
    out[0] = classify(0, 1);
    out[1] = classify(0, 7);
    out[2] = classify(1, 0);
    out[3] = classify(2, 0);
    out[4] = classify(3, 0);
    int v = 0;
    goto inside;
    v = 50;
    { v += 1; inside: v += 2; }
    out[5] = v;
})",
                           "k", range1D(1, 1), {bufferOf(out)});
        QVERIFY(r.run->diagnostics().empty());
        auto res = as<int>(r.run->argumentBytes(0));
        QCOMPARE(res[0], 100);
        QCOMPARE(res[1], 101);
        QCOMPARE(res[2], 10);
        QCOMPARE(res[3],
                 5); // jumped past `int t = 10`: t exists but was never set (fresh memory is 0)
        QCOMPARE(res[4], -1);
        QCOMPARE(res[5], 2);
    }

    void outOfBoundsIsReportedWithWorkItem() {
        std::vector<int> out(4, 0);
        auto r = runKernel("__kernel void k(__global int* out) { out[get_global_id(0)] = 1; }", "k",
                           range1D(8, 4), {bufferOf(out)});
        QVERIFY(!r.run->diagnostics().empty());
        const Diagnostic& d = r.run->diagnostics().front();
        QCOMPARE(d.kind, DiagnosticKind::OutOfBounds);
        QCOMPARE(d.range.begin.line, 1u);
        QCOMPARE(d.workItems.front().global[0], 4ull);
        QCOMPARE(r.run->diagnosticCounts().front(), 4ull); // merged: work-items 4..7
    }

    void endlessLoopStopsAtStepLimit() {
        std::vector<int> out(1, 0);
        RunOptions o;
        o.maxStepsPerWorkItem = 1000;
        auto r = runKernel("__kernel void k(__global int* out) { while (1) { out[0]++; } }", "k",
                           range1D(1, 1), {bufferOf(out)}, o);
        QCOMPARE(r.run->diagnostics().front().kind, DiagnosticKind::StepLimit);
        // the fact only: each front end words how to raise the limit (FrontEndWording)
        QCOMPARE(r.run->diagnostics().front().message,
                 std::string("work-item stopped after 1000 statements (endless loop?)"));
    }

    void barrierDivergence() {
        std::vector<int> out(4, 0);
        auto r = runKernel("__kernel void k(__global int* out) { if (get_local_id(0) < 2) "
                           "barrier(CLK_LOCAL_MEM_FENCE);"
                           " out[get_global_id(0)] = 1; }",
                           "k", range1D(4, 4), {bufferOf(out)});
        QVERIFY(!r.run->diagnostics().empty());
        QCOMPARE(r.run->diagnostics().front().kind, DiagnosticKind::BarrierDivergence);
    }

    void barrierInAnInitializerListIsFound() {
        // Regression: the barrier reachability walk did not enter initializer lists, so the
        // group ran without fibers and the barrier in sync_and_read() did not hold.
        std::vector<int> out(4, 0);
        auto r = runKernel(R"(
int sync_and_read(__local int *t, int i) {
    barrier(CLK_LOCAL_MEM_FENCE);
    return t[i];
}
__kernel void k(__global int *out) {
    __local int t[4];
    int lid = get_local_id(0);
    t[lid] = lid + 1;
    int v[1] = {sync_and_read(t, (lid + 1) % 4)};
    out[get_global_id(0)] = v[0];
})",
                           "k", range1D(4, 4), {bufferOf(out)});
        QVERIFY(r.run->usesBarriers());
        QVERIFY(r.run->diagnostics().empty());
        QCOMPARE(as<int>(r.run->argumentBytes(0)), (std::vector<int>{2, 3, 4, 1}));
        // sizeof does not evaluate its operand: no barrier is reachable through it
        auto unevaluated = runKernel(R"(
int sync(void) {
    barrier(CLK_LOCAL_MEM_FENCE);
    return 1;
}
__kernel void k(__global int *out) { out[get_global_id(0)] = sizeof(sync()); })",
                                     "k", range1D(4, 4), {bufferOf(out)});
        QVERIFY(!unevaluated.run->usesBarriers());
        QCOMPARE(as<int>(unevaluated.run->argumentBytes(0)), (std::vector<int>{4, 4, 4, 4}));
    }

    void stringLiteralsAreAllocatedBeforeTheRun() {
        // Regression: literals in loop and switch conditions and in initializer lists were
        // only allocated when first evaluated, which changes __constant memory while
        // work-groups run in parallel.
        std::unique_ptr<Program> program = Program::fromSource("test.cl", R"(
__kernel void k(__global int *out) {
    __constant char *names[2] = {"a", "b"};
    for (int i = 0; i < 1 && printf("for %d\n", i) == 0; ++i) {}
    while (printf("while\n") != 0) {}
    switch (printf("switch\n")) { default: break; }
    out[0] = names[1][0];
})",
                                                               CompileOptions{});
        QVERIFY(!program->hasErrors());
        KernelRun run(*program, "k", range1D(1, 1), {bufferOf(std::vector<int>(1))}, RunOptions{});
        QVERIFY(run.ready());
        size_t literals = 0;
        for (const Buffer& b : run.constantMemory().buffers())
            literals += b.name() == "string literal";
        QCOMPARE(literals, size_t(5));
    }

    void bigEndianDeviceReadsHostDataSwappedUnlessEndianHost() {
        std::vector<uint32_t> in{0x01020304u}, out(2, 0);
        RunOptions o;
        o.deviceBigEndian = true;
        auto r = runKernel(R"(
__kernel void k(__global uint* in, __global uint* out) {
    __global uint* __attribute__((endian(host))) h = in;
    out[0] = in[0] == 0x04030201u;
    out[1] = h[0] == 0x01020304u;
})",
                           "k", range1D(1, 1), {bufferOf(in), bufferOf(out)}, o);
        QVERIFY(r.run->diagnostics().empty());
        auto res = as<uint32_t>(r.run->argumentBytes(1));
        QCOMPARE(res[0], 0x01000000u); // the store is big-endian too: bytes 00 00 00 01
        QCOMPARE(res[1], 0x01000000u);
    }

    void programScopeConstantDataIsInitialized() {
        // Regression: initializing __constant program-scope data was reported as a
        // constant-write and the run never became ready.
        std::vector<int> out(3, 0);
        auto r = runKernel(
            "__constant int lut[3] = {7, 8, 9};\n"
            "__kernel void k(__global int* out) { out[get_global_id(0)] = lut[get_global_id(0)]; }",
            "k", range1D(3, 3), {bufferOf(out)});
        QVERIFY(r.run->ready());
        QVERIFY(r.run->diagnostics().empty());
        QCOMPARE(as<int>(r.run->argumentBytes(0)), (std::vector<int>{7, 8, 9}));
    }

    void argumentMismatchIsALaunchError() {
        auto r = runKernel("__kernel void k(__global int* out, int n) { out[0] = n; }", "k",
                           range1D(1, 1), {scalarOf<int>(3)});
        QVERIFY(!r.run->ready());
        QCOMPARE(r.run->diagnostics().front().kind, DiagnosticKind::Launch);
    }

    void reqdWorkGroupSizeIsTheOnlyLocalSize() {
        // OpenCL C 6.7.2: a kernel with reqd_work_group_size runs only with that work-group
        // size; with no local size given (`auto`) it is the one chosen.
        const char* src =
            "#define B 4\n"
            "__kernel __attribute__((reqd_work_group_size(B, 1, 1)))\n"
            "void k(__global uint* out) { out[get_global_id(0)] = get_local_size(0); }";
        std::vector<uint32_t> out(8, 0);
        auto wrong = runKernel(src, "k", range1D(8, 2), {bufferOf(out)});
        QVERIFY(!wrong.run->ready());
        QCOMPARE(wrong.run->diagnostics().size(), size_t(1));
        QCOMPARE(wrong.run->diagnostics().front().kind, DiagnosticKind::Launch);
        QCOMPARE(wrong.run->diagnostics().front().message,
                 std::string("work-group size 2 x 1 x 1 does not match the kernel's "
                             "reqd_work_group_size(4, 1, 1) (OpenCL C 6.7.2)"));
        QCOMPARE(wrong.run->diagnostics().front().range.begin.line, 3u);

        NDRange automatic = range1D(8, 1);
        automatic.localGiven = false;
        auto chosen = runKernel(src, "k", automatic, {bufferOf(out)});
        QVERIFY(chosen.run->ready());
        QVERIFY(chosen.run->diagnostics().empty());
        QCOMPARE(as<uint32_t>(chosen.run->argumentBytes(0)), std::vector<uint32_t>(8, 4));

        auto right = runKernel(src, "k", range1D(8, 4), {bufferOf(out)});
        QVERIFY(right.run->diagnostics().empty());
        QCOMPARE(as<uint32_t>(right.run->argumentBytes(0)), std::vector<uint32_t>(8, 4));
    }
};

QTEST_APPLESS_MAIN(TestKernelRun)
#include "tst_kernelrun.moc"
