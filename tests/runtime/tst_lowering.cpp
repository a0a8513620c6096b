// The lowered code (runtime/exec) of statements and of scalar and vector expressions: which
// are lowered, lowered control flow (loops, break/continue, switch into nested blocks, goto
// over declarations), results (POCL's) and diagnostics. Calls and aggregates:
// tst_loweredcalls.cpp; the last forms and lowering once per program: tst_loweredforms.cpp.
#include "LoweringTestSupport.h"
#include "runtime/exec/Program.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::loweringtest;

class TestLowering : public QObject {
    Q_OBJECT
private slots:
    /// The scalar benchmark kernels lower without a single unsupported node.
    void scalarKernelsLowerCompletely_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("vecadd") << "vecadd";
        QTest::newRow("matmul_naive") << "matmul_naive";
        QTest::newRow("matmul_tiled") << "matmul_tiled";
        QTest::newRow("reduction") << "reduction"; // atomic_add: a builtin call node
    }
    void scalarKernelsLowerCompletely() {
        QFETCH(QString, name);
        auto program = compile(readBenchKernel(name.toStdString()));
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        const ast::FunctionDecl* k = program->findKernel(name.toStdString());
        QVERIFY(k);
        QVERIFY(lowered.function(k));
        QVERIFY(lowered.stats().lowered > 10);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));
    }

    /// Functions with both goto and switch are lowered, and a goto into or out of a switch
    /// body goes where C says (the tree walk's seek mode ran the switch's dispatch instead,
    /// and lost a goto out of a switch). Expected values from POCL.
    void gotoWithSwitch() {
        auto program = compile(R"(
int both(int x) { switch (x) { case 1: goto out; default: x = 2; } out: return x; }
int onlyGoto(int x) { if (x) goto out; x = 3; out: return x; }
int into(int x) {
    int r = 0;
    if (x) goto inside;
    switch (x) {
    case 0: r = 1;
    inside: r += 10; break;
    default: r = 100;
    }
    return r;
}
int loop(int n) {
    int s = 0;
    for (int i = 0; i < n; ++i) {
        switch (i % 3) {
        case 0: s += 1; break;
        case 1: if (i > 5) goto done; s += 10; break;
        default: continue;
        }
        s += 1000;
    }
done:
    return s;
}
__kernel void k(__global int* o) {
    o[0] = both(1); o[1] = both(5); o[2] = into(1); o[3] = into(0); o[4] = loop(20);
    o[5] = onlyGoto(0);
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        for (const char* name : {"both", "onlyGoto", "into", "loop"})
            QVERIFY2(lowered.function(findFunction(*program, name)), name);
        std::vector<KernelArgument> args{intBuffer(6)};
        auto ran = runOneWorkItem(*program, args);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        QVERIFY(run.diagnostics().empty());
        const std::vector<int32_t> expected{1, 2, 10, 11, 5023, 3};
        QCOMPARE(ints(run.argumentBytes(0)), expected);
    }

    /// The rarer forms are lowered (not one unsupported node) and give POCL's results: vector
    /// `&&` `||` `!`, `++`/`--` on vectors (private, a swizzle, through a pointer), a vector
    /// condition of `?:` (select: the most significant bit, also of an unsigned condition),
    /// `->` swizzles (read, write, compound), `v[i]` of a vector rvalue and an lvalue
    /// element, a vector shifted by a scalar (`v << 2`, `v <<= 1`: every component), a
    /// comma-cast literal, a vector comma, `++`/`--` on elements and pointers, compound
    /// assignment to a pointer, pointer - pointer, a builtin with five arguments (async
    /// strided copy, its event variable) and printf with four, `(void)(a, b)`, a comma in a
    /// for-increment.
    void rarerForms() {
        auto program = compile(R"(
__kernel void k(__global int* o, __global float4* f, __global uint4* u, __global int* src) {
    int4 a = (int4)(1, -2, 0, 4);
    int4 b = (int4)(0, 3, 0, -1);
    int4 r0 = a && b;
    int4 r1 = a || b;
    int4 r2 = !a;
    int4 c = a;
    int4 r3 = ++c;
    int4 r4 = c--;
    c.yz++;
    int4 r5 = a ? (int4)(10) : (int4)(20);
    uint4 uc = (uint4)(0x80000000u, 1u, 0xffffffffu, 0u);
    int4 r6 = uc ? (int4)(7) : (int4)(8);
    __global float4* p = f;
    float2 r7 = p->zw;
    p->xy = (float2)(5.0f, 6.0f);
    p->w += 1.0f;
    float r8 = p->w;
    int r9 = (a + b)[1];
    c[2] = 9;
    c[3] += 100;
    int4 r10 = a << 2;
    int4 s = a;
    s <<= 1;
    int r11 = (int)(r9 += 1, r9 * 3);
    int4 r12 = (r11++, a * 2);
    __global int* w = o + 40;
    w[0] = 5;
    w[0]++;
    ++w[0];
    w[1] = w[0]--;
    __global int* v = w;
    v++;
    v += 3;
    v -= 1;
    *v = 42;
    long d = v - o;
    __local int l[8];
    event_t e = async_work_group_strided_copy(l, src, 4, 2, 0);
    wait_group_events(1, &e);
    uint4 g = u[1];
    g++;
    u[1] = g;
    uint4 h = --u[1];
    u[1]++;
    (void)(r11, h);
    int t = 0;
    for (int i = 0; i < 3; i++, t += 2)
        ;
    printf("%d %d %d %s\n", r9, r11, (int)d, "ok");
    vstore4(r0, 0, o);
    vstore4(r1, 1, o);
    vstore4(r2, 2, o);
    vstore4(r3, 3, o);
    vstore4(r4, 4, o);
    vstore4(c, 5, o);
    vstore4(r5, 6, o);
    vstore4(r6, 7, o);
    vstore4(r10, 8, o);
    vstore4(s, 9, o);
    o[46] = r9;
    o[47] = r11;
    vstore4(r12, 12, o);
    o[52] = (int)d;
    o[53] = l[0] + 10 * l[1] + 100 * l[2] + 1000 * l[3];
    o[54] = (int)(r7.x * 10 + r7.y);
    o[55] = (int)r8;
    o[56] = t;
    o[57] = (int)(h.x * 10 + h.w);
    u[0] = uc + (uint4)(1);
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        QVERIFY(lowered.function(program->findKernel("k")));
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));

        std::vector<KernelArgument> args{intBuffer(64),
                                         floatBuffer({1, 2, 3, 4, 0.5f, 1.5f, 2.5f, 3.5f}),
                                         intBuffer(8), intBuffer(8)};
        for (uint32_t i = 0; i < 4; ++i) {
            const int32_t x = static_cast<int32_t>(5 + i);
            std::memcpy(args[2].bytes.data() + 16 + 4 * i, &x, 4);
        }
        for (int32_t i = 0; i < 8; ++i) {
            const int32_t x = i + 1;
            std::memcpy(args[3].bytes.data() + 4 * i, &x, 4);
        }
        auto ran = runOneWorkItem(*program, args);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        for (const Diagnostic& d : run.diagnostics())
            qWarning("%u: %s", d.range.begin.line, d.message.c_str());
        QVERIFY(run.diagnostics().empty());
        // POCL's output for the same kernel and buffers
        const std::vector<int32_t> expected{
            0, -1,  0,  -1, -1, -1, 0, -1, 0,  0,    -1, 0,  2, -1, 1, 5,  2, -1, 1, 5, 1, -1,
            9, 104, 20, 10, 20, 20, 7, 8,  7,  8,    4,  -8, 0, 16, 2, -4, 0, 8,  6, 7, 0, 42,
            0, 0,   2,  7,  2,  -4, 0, 8,  43, 7531, 34, 5,  6, 58, 0, 0,  0, 0,  0, 0};
        QCOMPARE(ints(run.argumentBytes(0)), expected);
        const std::vector<float> fo{5, 6, 3, 5, 0.5f, 1.5f, 2.5f, 3.5f};
        QCOMPARE(floats(run.argumentBytes(1)), fo);
        const std::vector<int32_t> uo{int32_t(2147483649u), 2, 0, 1, 6, 7, 8, 9};
        QCOMPARE(ints(run.argumentBytes(2)), uo);
        QCOMPARE(QString::fromStdString(run.output()), QString("2 7 43 ok\n"));
    }

    /// Lowered control flow: nested loops with break/continue, a switch whose case sits in a
    /// nested block inside a loop (entered without testing the loop condition), and a goto
    /// backwards over a declaration.
    void loweredControlFlow() {
        auto program = compile(R"(
__kernel void k(__global int* o) {
    int sum = 0;
    for (int i = 0; i < 10; ++i) {
        if (i == 2) continue;
        for (int j = 0; ; ++j) { if (j > i) break; sum += j; }
        if (i == 7) break;
    }
    o[0] = sum;
    int n = 3, c = 0;
    switch (n % 4) {
    case 0: do { c += 1;
    case 3:      c += 10;
    case 2:      c += 100;
    case 1:      c += 1000;
               } while (--n > 0);
    }
    o[1] = c;
    int t = 0;
again:;
    int fresh = t * 2;
    t += 1;
    if (t < 4) goto again;
    o[2] = fresh + t;
    int w = 0;
    while (w < 100) { w += 7; if (w % 2) continue; w += 1; }
    o[3] = w;
}
)");
        QVERIFY(!program->hasErrors());
        std::vector<KernelArgument> args{intBuffer(4)};
        auto ran = runOneWorkItem(*program, args);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        QVERIFY(run.diagnostics().empty());
        const std::vector<int32_t> o = ints(run.argumentBytes(0));
        // sum over i in {0,1,3,4,5,6,7} of 0+..+i
        QCOMPARE(o[0], 0 + 1 + 6 + 10 + 15 + 21 + 28);
        // Duff's device: enters at case 3 (n = 3): 1110, then two full rounds of 1111
        QCOMPARE(o[1], 1110 + 1111 + 1111);
        QCOMPARE(o[2], 3 * 2 + 4);
        QCOMPARE(o[3], 103);
    }

    /// Integer conversions (spec 6.2.1) of values known only at run time: those that leave a
    /// lane's bits as they are lower to no node at all (Lowerer::sameIntegerLane), the others
    /// still wrap, sign- or zero-extend. Expected values: the same expressions in C on the
    /// host (gcc, LP64).
    void integerConversionsKeepTheirValues() {
        auto program = compile(R"(
__kernel void k(__global long* o, __global const int* s) {
    int m = s[0];
    uint u = (uint)s[1];
    uchar c = (uchar)s[2];
    char sc = (char)s[3];
    short sh = (short)(s[0] * 30000);
    o[0] = (long)m;
    o[1] = (long)(ulong)m;
    o[2] = (long)u;
    o[3] = (long)(int)u;
    o[4] = (long)(short)c;
    o[5] = (long)(ushort)(char)c;
    o[6] = (long)(uint)m;
    o[7] = (long)(bool)c;
    o[8] = (long)(ulong)u;
    o[9] = (long)(short)m;
    o[10] = (long)(uchar)m;
    o[11] = (m < u) ? 1 : 0;
    o[12] = (long)((ulong)m >> 60);
    o[13] = (long)(int)(long)u;
    o[14] = (long)(int)sc;
    o[15] = (long)(uint)sc;
    o[16] = (long)(int)sh;
    o[17] = (long)(ushort)sh;
}
)");
        QVERIFY(!program->hasErrors());
        KernelArgument out = intBuffer(36); // 18 longs
        out.elementBytes = 8;
        KernelArgument in = intBuffer(4);
        const int32_t values[4] = {-1, -1, 200, 200};
        std::memcpy(in.bytes.data(), values, sizeof values);
        auto ran = runOneWorkItem(*program, {out, in});
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        QVERIFY(run.diagnostics().empty());
        std::vector<int64_t> o(18);
        std::memcpy(o.data(), run.argumentBytes(0).data(), o.size() * 8);
        const std::vector<int64_t> expected{-1,         -1, 4294967295, -1,         200,    65480,
                                            4294967295, 1,  4294967295, -1,         255,    0,
                                            15,         -1, -56,        4294967240, -30000, 35536};
        QCOMPARE(o, expected);
    }

    /// nbody (all float4: loads/stores through pointers, literals, splats, swizzles,
    /// compound assignments, dot/rsqrt) lowers without an unsupported node.
    void vectorKernelLowersCompletely() {
        auto program = compile(readBenchKernel("nbody"));
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        QVERIFY(lowered.function(program->findKernel("nbody")));
        QVERIFY(lowered.stats().lowered > 30);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));
    }

    /// Vector expressions lowered (no unsupported node) and their results: private vectors in
    /// place, loads/stores through pointers, literals (nested vectors, one scalar splatted),
    /// implicit and explicit scalar-to-vector conversions, arithmetic, shifts, compare,
    /// bitwise, negation, swizzle reads (.x .s2 .lo .hi .even .odd .yx) and one- and
    /// multi-component swizzle writes, compound assignment, a vector conditional, vector
    /// parameters and return values, builtins on vectors (vload4, vstore2), the call of a
    /// user function with a vector result.
    void vectorExpressions() {
        auto program = compile(R"(
float4 twice(float4 v) { return v + v; }
__kernel void k(__global float4* in, __global float* o, __global int4* io) {
    float4 a = in[0];
    float4 b = (float4)(10.0f, 20.0f, 30.0f, 40.0f);
    float4 c = a * b - 1.0f;
    c.xy = c.yx;
    float2 lo = c.lo + a.hi;
    c.w = 0.5f;
    c += (float4)(lo, a.even);
    float4 t = twice(c);
    int4 m = a < (float4)(2.5f);
    int4 s = (int4)(1, 2, 3, 4) << (int4)(1);
    s = s / (int4)(2) + m;
    o[0] = t.x; o[1] = t.y; o[2] = t.z; o[3] = t.w;
    o[4] = dot(a, a);
    o[5] = c.s2;
    io[0] = s; io[1] = m; io[2] = ~m; io[3] = -s;
    float8 e = (float8)(a, b);
    o[6] = e.s5;
    o[7] = e.odd.w;
    in[1] = -a;
    float4 g = in[1] * 2.0f;
    o[8] = g.z;
    o[9] = (a.x > 0.0f ? a : b).y;
    g = fabs(g) + (float4)(1.0f, (float2)(2.0f, 3.0f), 4.0f);
    o[10] = g.w;
    o[11] = (float)((uchar4)(250) + (uchar4)(10)).x;
    vstore2(vload4(1, (__global const float*)in).hi, 6, o);
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        QVERIFY(lowered.function(program->findKernel("k")));
        QVERIFY(lowered.function(findFunction(*program, "twice")));
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));

        std::vector<KernelArgument> args{floatBuffer({1, 2, 3, 4, 0, 0, 0, 0}),
                                         floatBuffer(std::vector<float>(14, 0)), intBuffer(16)};
        auto ran = runOneWorkItem(*program, args);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        QVERIFY(run.diagnostics().empty());
        const std::vector<float> o = floats(run.argumentBytes(1));
        QCOMPARE(o[0], 162.0f);
        QCOMPARE(o[1], 44.0f);
        QCOMPARE(o[2], 180.0f);
        QCOMPARE(o[3], 7.0f);
        QCOMPARE(o[4], 30.0f);
        QCOMPARE(o[5], 90.0f);
        QCOMPARE(o[6], 20.0f);
        QCOMPARE(o[7], 40.0f);
        QCOMPARE(o[8], -6.0f);
        QCOMPARE(o[9], 2.0f);
        QCOMPARE(o[10], 12.0f);
        QCOMPARE(o[11], 4.0f);  // uchar wraps: 260 mod 256
        QCOMPARE(o[12], -3.0f); // in[1] = -a before the vload4
        QCOMPARE(o[13], -4.0f);
        const std::vector<int32_t> io = ints(run.argumentBytes(2));
        const std::vector<int32_t> expected{0, 1, 3, 4, -1, -1, 0, 0, 0, 0, -1, -1, 0, -1, -3, -4};
        QCOMPARE(io, expected);
        const std::vector<float> in = floats(run.argumentBytes(0));
        QCOMPARE(in[4], -1.0f);
        QCOMPARE(in[7], -4.0f);
    }

    /// Diagnostics of lowered vector code as the tree walk gave them: integer division by
    /// zero once per lane that divides by zero, a vector store past the end of a buffer.
    void vectorDiagnostics() {
        auto program = compile(R"(
__kernel void k(__global int4* io) {
    int4 z = io[0] / (int4)(0, 1, 0, 1);
    io[1] = z;
    io[2] = z;
}
)");
        QVERIFY(!program->hasErrors());
        std::vector<KernelArgument> args{intBuffer(8)};
        auto ran = runOneWorkItem(*program, args);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        bool division = false, outOfBounds = false;
        for (size_t i = 0; i < run.diagnostics().size(); ++i) {
            const Diagnostic& d = run.diagnostics()[i];
            if (d.kind == DiagnosticKind::DivisionByZero) {
                division = true;
                QCOMPARE(run.diagnosticCounts()[i], uint64_t(2));
                QCOMPARE(d.range.begin.line, 3u);
            } else if (d.range.begin.line == 5) {
                outOfBounds = true;
            }
        }
        QVERIFY(division);
        QVERIFY(outOfBounds);
    }
};

QTEST_GUILESS_MAIN(TestLowering)
#include "tst_lowering.moc"
