// The forms lowered last (issue 15 item 1: the expression tree walk is gone): compound
// literals, a comma of struct type, string literals as values, array designators that are
// constant expressions, sampler variables and program-scope samplers, image/sampler/event
// arguments of user calls, calls whose arguments need more than 64 lanes, calls of functions
// declared but never defined, void `?:`, a barrier with a scope, and struct values in the
// debugger's expressions. Also: a program is lowered once and reused by every launch.
#include "LoweringTestSupport.h"
#include "builtins/ImageObject.h"
#include "debug/Session.h"
#include "runtime/exec/Program.h"

#include <QtTest>

#include <filesystem>

using namespace clstep;
using namespace clstep::loweringtest;

namespace {

/// The kernel of lastFormsMatchPocl (run on POCL through pyopencl with the same buffers:
/// global and local size 1, `img` a 2 × 2 CL_R/CL_FLOAT image {1, 2; 3, 4}, `src` 1..8).
const char* const kForms = R"(
typedef struct { int a; float b; } P;
typedef struct { int v[20]; } Big;
typedef struct { int x, y; } Q;

int sumBig(Big b, int4 c, int4 d, int4 e, int4 f, int4 g) {
    int s = 0;
    for (int i = 0; i < 20; ++i) s += b.v[i];
    return s + c.x + d.y + e.z + f.w + g.x;
}
int manyVectors(int4 a, int4 b, int4 c, int4 d, int4 e, int f) {
    return a.x + b.y + c.z + d.w + e.x + f;
}
float4 sample(read_only image2d_t img, sampler_t s, int2 at) {
    return read_imagef(img, s, at);
}
int width(read_only image2d_t img) { return get_image_width(img); }
void copyIn(__local int* l, __global const int* g, event_t* out) {
    *out = async_work_group_copy(l, g, 4, 0);
}
void waitFor(event_t e) { wait_group_events(1, &e); }
void note(__global int* o, int i) { o[i] += 1; }
void nothing(void) {}
void viaVoid(__global int* o) { return note(o, 30); }
Q makeQ(int x) { Q q = {x, x + 1}; return q; }

constant sampler_t cs = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
constant int designated[6] = {[6 - 2] = 7, [sizeof(short)] = 8, [1] = 3};

__kernel void k(__global int* o, __global float* fo, read_only image2d_t img,
                __global const int* src) {
    // compound literals: scalar, vector, struct, array, a member of one
    int c0 = (int){41} + 1;
    int4 c1 = (int4){1, 2, 3, 4} * 2;
    P c2 = (P){5, 2.5f};
    int c3 = ((int[3]){7, 8, 9})[2];
    int pcv = 60; int* pc = &pcv;
    *pc += 1;
    int c4 = ((Q){11, 12}).y;
    // a comma of struct type, a struct comma-cast
    int t = 0;
    P c5 = (t = 3, c2);
    Q c6 = (Q)(t++, makeQ(20));
    // string literals as values
    constant char* s = "xyz";
    int c7 = ("abc")[1] + s[2];
    // designators that are constant expressions, not literals
    int d[5] = {[5 - 1] = 4, [sizeof(short)] = 2};
    // sampler variables: a private one from flags, the program-scope one
    sampler_t ps = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
    float4 px0 = sample(img, ps, (int2)(1, 0));
    float4 px1 = sample(img, cs, (int2)(0, 1));
    int w = width(img);
    // events: assigned, passed to user functions by value and by pointer
    __local int l[4];
    event_t e;
    e = async_work_group_copy(l, src, 4, 0);
    waitFor(e);
    __local int l2[4];
    event_t e2;
    copyIn(l2, src + 4, &e2);
    waitFor(e2);
    // calls whose arguments need more than 64 lanes
    Big b;
    for (int i = 0; i < 20; ++i) b.v[i] = i;
    int4 v = (int4)(1, 2, 3, 4);
    int big = sumBig(b, v, v, v, v, v);
    int many = manyVectors(v, v, v, v, v, 100);
    // void ?:, a void function's call returned
    t > 0 ? note(o, 31) : nothing();
    t < 0 ? nothing() : note(o, 31);
    viaVoid(o);
    barrier(CLK_LOCAL_MEM_FENCE);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
    o[0] = c0;
    o[4] = c1.x; o[5] = c1.y; o[6] = c1.z; o[7] = c1.w;
    o[8] = c2.a;
    fo[0] = c2.b;
    o[9] = c3;
    o[10] = *pc;
    o[11] = c4;
    o[12] = c5.a + t;
    o[13] = c6.x * 100 + c6.y;
    o[14] = c7;
    o[15] = d[0] + 10 * d[2] + 100 * d[4];
    fo[1] = px0.x;
    fo[2] = px1.x;
    o[16] = w;
    o[17] = l[0] + 10 * l[1] + 100 * l[2] + 1000 * l[3];
    o[18] = l2[0] + 10 * l2[1] + 100 * l2[2] + 1000 * l2[3];
    o[19] = big;
    o[20] = many;
    o[21] = designated[4] * 100 + designated[1] * 10 + designated[0];
}
)";

/// The arguments of kForms' kernel.
std::vector<KernelArgument> formsArguments() {
    KernelArgument img;
    img.kind = KernelArgument::Kind::Image;
    img.image =
        image::Object::make(image::Dim::Image2D,
                            image::Format{image::ChannelOrder::R, image::ChannelType::Float}, 2, 2);
    const float texels[4] = {1, 2, 3, 4};
    img.bytes.assign(reinterpret_cast<const uint8_t*>(texels),
                     reinterpret_cast<const uint8_t*>(texels) + sizeof texels);
    img.size = img.bytes.size();
    img.readOnly = true;
    KernelArgument src = intBuffer(8);
    for (int32_t i = 0; i < 8; ++i) {
        const int32_t x = i + 1;
        std::memcpy(src.bytes.data() + 4 * i, &x, 4);
    }
    src.readOnly = true;
    return {intBuffer(64), floatBuffer(std::vector<float>(8, 0.0f)), img, src};
}

} // namespace

class TestLoweredForms : public QObject {
    Q_OBJECT
private slots:
    /// Every form of kForms is lowered (not one unsupported node) and the kernel gives
    /// POCL's results, without a diagnostic.
    void lastFormsMatchPocl() {
        CompileOptions cl20;
        cl20.clVersion = 200; // work_group_barrier with a scope
        auto program = compile(kForms, cl20);
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit, program->programVars);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));
        for (const ast::VarDecl* v : program->programVars)
            QVERIFY2(lowered.programInit(v), v->name.c_str()); // the sampler's too
        KernelRun run(*program, "k", oneWorkItem(), formsArguments(), RunOptions{});
        QVERIFY(run.ready());
        run.runAll();
        for (const Diagnostic& d : run.diagnostics())
            qWarning("%u: %s: %s", d.range.begin.line, DiagnosticKinds::name(d.kind),
                     d.message.c_str());
        QVERIFY(run.diagnostics().empty());
        // POCL's output (tests/runtime/tst_loweredforms.cpp's kernel through pyopencl)
        std::vector<int32_t> expected(64, 0);
        const std::vector<int32_t> head{42, 0, 0,    0,   2,   4, 6,    8,    5,   9,   61,
                                        12, 9, 2021, 220, 420, 2, 4321, 8765, 201, 111, 730};
        std::copy(head.begin(), head.end(), expected.begin());
        expected[30] = 1;
        expected[31] = 2;
        QCOMPARE(ints(run.argumentBytes(0)), expected);
        const std::vector<float> fo{2.5f, 2.0f, 3.0f, 0, 0, 0, 0, 0};
        QCOMPARE(floats(run.argumentBytes(1)), fo);
    }

    /// Every kernel file of the project (tests/kernels, samples, bench/kernels) that builds
    /// lowers without an unsupported node: each is built for OpenCL C 1.2 and 2.0, and every
    /// build without errors is lowered.
    void corpusLowersCompletely() {
        namespace fs = std::filesystem;
        size_t lowered = 0;
        for (const char* dir : {"tests/kernels", "samples", "bench/kernels"}) {
            for (const fs::directory_entry& f :
                 fs::recursive_directory_iterator(fs::path(CLSTEP_SOURCE_DIR) / dir)) {
                if (f.path().extension() != ".cl") continue;
                for (int version : {120, 200}) {
                    CompileOptions options;
                    options.clVersion = version;
                    options.includeDirs.push_back(f.path().parent_path().string());
                    auto program = Program::fromFile(f.path().string(), options);
                    if (program->hasErrors()) continue;
                    exec::Program code(*program->unit, program->programVars);
                    QVERIFY2(code.stats().unsupported == 0, f.path().string().c_str());
                    ++lowered;
                }
            }
        }
        QVERIFY(lowered > 300);
    }

    /// A call of a function declared but never defined reports "undefined-function" at the
    /// call, does not evaluate its arguments, and gives zero (scalar, vector, struct
    /// results); the run goes on. POCL cannot build such a program (it fails to link), so
    /// the expected values are the tree walk's.
    void undefinedFunction() {
        auto program = compile(R"(
typedef struct { int a, b; } S;
int missing(int x);
int4 missing4(int x);
S missingS(void);
void missingVoid(__global int* o);
__kernel void k(__global int* o) {
    int n = 5;
    o[0] = missing(n++);
    o[1] = n;
    o[2] = missing4(1).y + 7;
    o[3] = missingS().b + 3;
    missingVoid(o);
    o[4] = 9;
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));
        KernelRun run(*program, "k", oneWorkItem(), {intBuffer(5)}, RunOptions{});
        QVERIFY(run.ready());
        run.runAll();
        std::vector<uint32_t> lines;
        for (const Diagnostic& d : run.diagnostics()) {
            if (d.kind != DiagnosticKind::UndefinedFunction) continue;
            lines.push_back(d.range.begin.line);
            QVERIFY2(d.message.find("is declared but never defined") != std::string::npos,
                     d.message.c_str());
        }
        QCOMPARE(lines, (std::vector<uint32_t>{9, 11, 12, 13}));
        QCOMPARE(ints(run.argumentBytes(0)), (std::vector<int32_t>{0, 5, 7, 3, 9}));
    }

    /// The operand of `&` may be a compound literal (an lvalue, C99 6.5.2.5p5): the address
    /// of its temporary, which lives until the function returns. (POCL's clang 15 rejects
    /// the address space of such a pointer under CL2.0; the values are C's.)
    void compoundLiteralAddress() {
        auto program = compile(R"(
typedef struct { int x, y; } Q;
__kernel void k(__global int* o) {
    __private int* p = &(int){60};
    *p += 1;
    __private int* q = &((Q){1, 2}).y;
    *q *= 10;
    __private Q* r = &(Q){3, 4};
    r->x += 100;
    o[0] = *p;
    o[1] = *q;
    o[2] = r->x + r->y;
    o[3] = sizeof((int[5]){0});
}
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        QCOMPARE(lowered.stats().unsupported, uint64_t(0));
        KernelRun run(*program, "k", oneWorkItem(), {intBuffer(4)}, RunOptions{});
        QVERIFY(run.ready());
        run.runAll();
        QVERIFY(run.diagnostics().empty());
        QCOMPARE(ints(run.argumentBytes(0)), (std::vector<int32_t>{61, 20, 107, 20}));
    }

    /// A program is lowered once: every launch of it (other arguments, another kernel of the
    /// same program) uses the same exec::Program, and each run gives its own results.
    void loweredOncePerProgram() {
        auto program = compile(R"(
int twice(int x) { return 2 * x; }
__kernel void a(__global int* o, int n) { o[0] = twice(n); }
__kernel void b(__global int* o) { o[0] = twice(o[0]) + 1; }
)");
        QVERIFY(!program->hasErrors());
        KernelArgument n;
        n.kind = KernelArgument::Kind::Scalar;
        int32_t value = 21;
        n.bytes.assign(reinterpret_cast<const uint8_t*>(&value),
                       reinterpret_cast<const uint8_t*>(&value) + 4);
        n.size = 4;
        KernelRun first(*program, "a", oneWorkItem(), {intBuffer(1), n}, RunOptions{});
        QVERIFY(first.ready());
        first.runAll();
        QCOMPARE(ints(first.argumentBytes(0)), std::vector<int32_t>{42});
        value = 5;
        std::memcpy(n.bytes.data(), &value, 4);
        KernelRun second(*program, "a", oneWorkItem(), {intBuffer(1), n}, RunOptions{});
        QVERIFY(second.ready());
        second.runAll();
        QCOMPARE(ints(second.argumentBytes(0)), std::vector<int32_t>{10});
        KernelArgument o = intBuffer(1);
        value = 4;
        std::memcpy(o.bytes.data(), &value, 4);
        KernelRun third(*program, "b", oneWorkItem(), {o}, RunOptions{});
        QVERIFY(third.ready());
        third.runAll();
        QCOMPARE(ints(third.argumentBytes(0)), std::vector<int32_t>{9});
        QVERIFY(first.loweredProgram());
        QCOMPARE(second.loweredProgram(), first.loweredProgram());
        QCOMPARE(third.loweredProgram(), first.loweredProgram());
        // another program (the same text built again) has its own
        auto other = compile(R"(__kernel void a(__global int* o, int n) { o[0] = n; })");
        KernelRun fourth(*other, "a", oneWorkItem(), {intBuffer(1), n}, RunOptions{});
        QVERIFY(fourth.ready());
        QVERIFY(fourth.loweredProgram() != first.loweredProgram());
    }

    /// The debugger's expressions evaluate struct, union and array values that are not
    /// lvalues (a compound literal, a comma, a conditional) as lowered aggregate nodes.
    void inspectorAggregateValues() {
        debug::Session s;
        QVERIFY(s.loadSource("agg.cl", "typedef struct { int n; float f; } S;\n"
                                       "S make(int n) { S r = {n, 0.5f}; return r; }\n"
                                       "__kernel void k(__global int* o)\n"
                                       "{\n"
                                       "    S s1 = {7, 1.5f};\n"
                                       "    o[0] = s1.n;\n"
                                       "}\n"));
        NDRange r;
        r.dims = 1;
        r.global = {1, 1, 1};
        r.local = {1, 1, 1};
        KernelArgument o = intBuffer(1);
        o.name = "o";
        s.setKernel("k");
        s.setNDRange(r);
        s.setArguments({o});
        QVERIFY(s.reset());
        for (int i = 0; i < 10; ++i) {
            debug::Snapshot snap = s.snapshot();
            if (snap.workItems[snap.selected].position.begin.line == 6 &&
                snap.workItems[snap.selected].state != debug::WorkItemState::NotStarted)
                break;
            QVERIFY(s.step());
        }
        auto check = [&](const char* text, const char* first) {
            const debug::EvalResult e = s.evaluate(text);
            QVERIFY2(e.ok, (std::string(text) + ": " + e.error).c_str());
            QCOMPARE(e.variable.children.size(), size_t(2));
            QCOMPARE(e.variable.children[0].value, std::string(first));
        };
        check("(S){3, 2.0f}", "3");
        check("(1, s1)", "7");
        check("s1.n > 0 ? (S){4, 1.0f} : s1", "4");
        check("s1.n < 0 ? (S){4, 1.0f} : s1", "7");
        const debug::EvalResult arr = s.evaluate("(int[3]){4, 5, 6}");
        QVERIFY2(arr.ok, arr.error.c_str());
        QCOMPARE(arr.variable.children.size(), size_t(3));
        QCOMPARE(arr.variable.children[2].value, std::string("6"));
        // evaluating never changed the run
        QCOMPARE(s.evaluate("s1.n").value, std::string("7"));
    }
};

QTEST_GUILESS_MAIN(TestLoweredForms)
#include "tst_loweredforms.moc"
