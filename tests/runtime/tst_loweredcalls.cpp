// The lowered code of user-function calls, struct/union/array expressions and initializers
// (runtime/exec/LowerCall.cpp, LowerAggregate.cpp): which are lowered, their results (POCL's)
// and diagnostics.
#include "LoweringTestSupport.h"
#include "runtime/exec/Program.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::loweringtest;

class TestLoweredCalls : public QObject {
    Q_OBJECT
private slots:

    /// philox_calls (struct-by-value calls, struct returns, `{...}` initializers, struct
    /// assignment, a result through a pointer) lowers without an unsupported node.
    void callKernelLowersCompletely() {
        auto program = compile(readBenchKernel("philox_calls"));
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        for (const char* f : {"philox_calls", "round4", "bumpKey", "mulhilo"})
            QVERIFY2(lowered.function(findFunction(*program, f)), f);
        QVERIFY(lowered.stats().lowered > 30);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));
    }

    /// Calls of user functions and struct/union/array expressions, lowered (no unsupported
    /// node or op): structs, unions and vectors passed and returned by value (a callee's
    /// change to its copy is not seen by the caller), pointers to the caller's variables,
    /// calls nested in arguments, void functions, nested member access (`s.in.a[i]`, `p->f`,
    /// `f().x`), whole-struct assignment (chained, through a pointer, from a conditional), and
    /// initializers: nested lists, designators, partial lists (zero-filled), strings into
    /// char arrays, a struct from a call, a vector from a list.
    void callsAndAggregates() {
        auto program = compile(R"(
typedef struct { int a[3]; float f; } Inner;
typedef struct { Inner in; int n; } Outer;
typedef union { uint u; float f; } Bits;

int fact(int n) { int r = 1; while (n > 1) r *= n--; return r; }
void bump(int* p, int by) { *p += by; }
Inner scaled(Inner s, int k) { s.a[0] *= k; s.a[1] *= k; s.a[2] *= k; s.f *= k; return s; }
Outer wrap(Inner s, int n) { Outer o = {s, n}; return o; }
int sum(Outer o) { o.n = 1000; return o.in.a[0] + o.in.a[1] + o.in.a[2] + o.n; }
float4 twice(float4 v) { return v + v; }
Bits asBits(float f) { Bits b; b.f = f; return b; }
void nothing(void) { }

__kernel void k(__global int* o, __global float* fo) {
    Inner i = {{1, 2, 3}, 0.5f};
    Inner j = scaled(i, 10);
    o[0] = i.a[0] + i.a[1] + i.a[2];
    o[1] = j.a[0] + j.a[1] + j.a[2];
    fo[0] = j.f;
    Outer w = wrap(j, 7);
    o[2] = sum(w);
    o[3] = w.n;
    o[4] = wrap(i, 9).in.a[2];
    Outer x, y;
    x = y = w;
    o[5] = x.in.a[1] + y.n;
    Outer* p = &x;
    p->in = i;
    o[6] = p->in.a[2] + x.in.a[0];
    x = o[0] > 100 ? w : *p;
    o[7] = x.in.a[1];
    int c = 5;
    bump(&c, 3);
    bump(&c, fact(4));
    o[8] = c;
    nothing();
    Outer d = {.n = 4, .in = {.f = 2.0f, .a = {[2] = 6}}};
    o[9] = d.in.a[0] + d.in.a[1] + d.in.a[2] + d.n;
    fo[1] = d.in.f;
    char s[8] = "abc";
    o[10] = s[0] + s[2] + s[3];
    float4 v = {1.0f, 2.0f, 3.0f, 4.0f};
    float4 t = twice(twice(v));
    fo[2] = t.w;
    o[11] = (int)(asBits(1.0f).u >> 23);
    Inner arr[2] = {i, j};
    arr[1] = scaled(arr[1], 2);
    o[12] = arr[0].a[1] + arr[1].a[1];
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        for (const char* f : {"k", "fact", "bump", "scaled", "wrap", "sum", "twice", "asBits"})
            QVERIFY2(lowered.function(findFunction(*program, f)), f);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));

        std::vector<KernelArgument> args{intBuffer(13), floatBuffer(std::vector<float>(3, 0))};
        auto ran = runOneWorkItem(*program, args);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        QVERIFY(run.diagnostics().empty());
        const std::vector<int32_t> o = ints(run.argumentBytes(0));
        const std::vector<int32_t> expected{6, 60, 1060, 7,   3,   27, 4, // o[7]: x = *p
                                            2, 32, 10,   196, 127, 42};
        QCOMPARE(o, expected);
        const std::vector<float> fo = floats(run.argumentBytes(1));
        QCOMPARE(fo[0], 5.0f);
        QCOMPARE(fo[1], 2.0f);
        QCOMPARE(fo[2], 16.0f);
    }

    /// Diagnostics of lowered calls and aggregates as the tree walk gave them: an index
    /// past a fixed-size array inside a struct ("exceeds static array size", reported at the
    /// subscript in the callee), and the call-depth limit (RunOptions::maxCallDepth) at the
    /// call that would exceed it.
    void callDiagnostics() {
        auto program = compile(R"(
typedef struct { int a[2]; int b; } S;
int at(S s, int i) { return s.a[i]; }
int down2(int n) { return n + 1; }
int down1(int n) { return down2(n + 1); }
__kernel void k(__global int* o) {
    S s = {{1, 2}, 3};
    o[0] = at(s, 2);
    o[1] = down1(0);
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));
        std::vector<KernelArgument> args{intBuffer(2)};
        RunOptions options;
        options.maxCallDepth = 2; // the kernel and down1: calling down2 exceeds it
        auto ran = runOneWorkItem(*program, args, options);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        bool index = false, depth = false;
        for (const Diagnostic& d : run.diagnostics()) {
            if (d.kind == DiagnosticKind::ArrayIndex) {
                index = true;
                QCOMPARE(d.range.begin.line, 3u);
                QVERIFY(d.message.find("exceeds static array size") != std::string::npos);
            } else if (d.kind == DiagnosticKind::CallDepth) {
                depth = true;
                QCOMPARE(d.range.begin.line, 5u);
                QVERIFY(d.message.find("'down2'") != std::string::npos);
            }
        }
        QVERIFY(index);
        QVERIFY(depth);
    }

    /// The initial values of program-scope variables are lowered initializer plans (nested
    /// and designated lists, partial lists zero-filled, a string, a sampler's handle) and
    /// give the values the tree walk gave.
    void programScopeInitializers() {
        auto program = compile(R"(
typedef struct { int a; float b[2]; } P;
constant P table[2] = {{1, {2.0f, 3.0f}}, {.b = {[1] = 5.0f}, .a = 4}};
constant int primes[] = {2, 3, 5, 7};
constant char msg[4] = "hi";
constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
__kernel void k(__global int* o) {
    o[0] = table[1].a + (int)table[1].b[1] + (int)table[0].b[0] + (int)table[1].b[0];
    o[1] = primes[3] + primes[0];
    o[2] = msg[1] + msg[3];
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit, program->programVars);
        QCOMPARE(program->programVars.size(), size_t(4));
        for (const ast::VarDecl* v : program->programVars)
            QVERIFY(lowered.programInit(v));
        std::vector<KernelArgument> args{intBuffer(3)};
        auto ran = runOneWorkItem(*program, args);
        KernelRun& run = *ran;
        QVERIFY(run.ready());
        QVERIFY(run.diagnostics().empty());
        const std::vector<int32_t> o = ints(run.argumentBytes(0));
        QCOMPARE(o, (std::vector<int32_t>{4 + 5 + 2 + 0, 7 + 2, 'i' + 0}));
    }
};

QTEST_GUILESS_MAIN(TestLoweredCalls)
#include "tst_loweredcalls.moc"
