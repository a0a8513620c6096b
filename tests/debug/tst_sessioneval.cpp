// debug::Session::evaluate on real samples: expressions in the selected work-item's scope
// (elements, members, arrows, dereferences, builtins), scoping, and errors with columns and
// hints; evaluation never changes the run.
#include "debug/Session.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::debug;

namespace {
const std::string kSamples = CLSTEP_SOURCE_DIR "/samples/";

/// Steps the selected work-item until it is about to execute `line` (at most 100 steps).
bool stepToLine(Session& s, uint32_t line) {
    for (int i = 0; i < 100; ++i) {
        Snapshot snap = s.snapshot();
        if (snap.workItems[snap.selected].position.begin.line == line &&
            snap.workItems[snap.selected].state != WorkItemState::NotStarted)
            return true;
        if (!s.step()) return false;
    }
    return false;
}

/// Lockstep until work-item 0 waits at a barrier.
bool lockstepToBarrier(Session& s) {
    for (int i = 0; i < 20; ++i) {
        if (s.snapshot().workItems[0].state == WorkItemState::AtBarrier) return true;
        if (!s.stepLockstep()) return false;
    }
    return false;
}
} // namespace

class TestSessionEval : public QObject {
    Q_OBJECT
private slots:
    void localElementAndBuiltins() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(lockstepToBarrier(s));
        QVERIFY(s.selectLocal({3, 0, 0}));
        EvalResult r = s.evaluate("partial[3]");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.value, std::string("4")); // input is 1..32
        QCOMPARE(r.type, std::string("__local int"));
        QVERIFY(r.address != 0);
        r = s.evaluate("partial[get_local_id(0)+1]");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.value, std::string("5"));
        r = s.evaluate("get_global_id(0)");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.value, std::string("3"));
        QCOMPARE(r.type, std::string("size_t"));
        r = s.evaluate("lid * 2 + 1");
        QCOMPARE(r.value, std::string("7"));
        r = s.evaluate("partial");
        QVERIFY(r.ok);
        QVERIFY(QString::fromStdString(r.value).startsWith("{1, 2, 3, 4,"));
        QCOMPARE(r.variable.children.size(), size_t(16));
        r = s.evaluate("input[31]");
        QCOMPARE(r.value, std::string("32"));
        r = s.evaluate("*input");
        QCOMPARE(r.value, std::string("1"));
        r = s.evaluate("WG_SIZE"); // object-like macros of the kernel file
        QCOMPARE(r.value, std::string("16"));
        r = s.evaluate("partial[WG_SIZE - 1]");
        QCOMPARE(r.value, std::string("16"));
        r = s.evaluate("WG_SIZE + nosuch"); // columns refer to the text as typed
        QVERIFY(!r.ok);
        QCOMPARE(r.column, 11u);
        r = s.evaluate("partial[WG_SIZE * 4]");
        QVERIFY(!r.ok);
        QCOMPARE(r.column, 1u);
        r = s.evaluate("CLK_LOCAL_MEM_FENCE");
        QVERIFY(!r.ok); // predefined macros are not (only those of the kernel file and -D)
    }

    void structMembersArrowsAndDereference() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "struct_of_arrays.sim"));
        QVERIFY(s.reset());
        QVERIFY(s.selectLocal({2, 0, 0}));
        QVERIFY(stepToLine(s, 25)); // after `Particle p = aos[i];`
        EvalResult r = s.evaluate("p.x");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.value, std::string("1"));
        QCOMPARE(r.type, std::string("__private float"));
        r = s.evaluate("aos->vx");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.value, std::string("1"));
        r = s.evaluate("(aos + i)->vy");
        QCOMPARE(r.value, std::string("-1"));
        r = s.evaluate("*x");
        QCOMPARE(r.value, std::string("0"));
        r = s.evaluate("p");
        QVERIFY(r.ok);
        QCOMPARE(r.value, std::string("{x = 1, y = 0.5, vx = 0.75, vy = -1}"));
        QCOMPARE(r.variable.children.size(), size_t(4));
        r = s.evaluate("sizeof(Particle)");
        QCOMPARE(r.value, std::string("16"));
        r = s.evaluate("(int)(p.vx * 4)");
        QCOMPARE(r.value, std::string("3"));
        r = s.evaluate("&aos[1]");
        QVERIFY(r.ok);
        QVERIFY(QString::fromStdString(r.value).contains("__global"));
        r = s.evaluate("(float4)(p.x, p.y, 0, 1)");
        QCOMPARE(r.value, std::string("(float4)(1, 0.5, 0, 1)"));
    }

    void scopeFollowsTheCurrentStatement() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "struct_of_arrays.sim"));
        QVERIFY(s.reset());
        EvalResult r = s.evaluate("i");
        QVERIFY(!r.ok); // not started
        QVERIFY(QString::fromStdString(r.hint).contains("not started"));
        QVERIFY(s.evaluate("get_global_id(0)").ok);
        QVERIFY(stepToLine(s, 24));
        QVERIFY(s.evaluate("i").ok);
        r = s.evaluate("p"); // declared on this line: not yet
        QVERIFY(!r.ok);
        QVERIFY(QString::fromStdString(r.error).contains("undeclared identifier 'p'"));
        QVERIFY(QString::fromStdString(r.hint).contains("in scope here: aos, x, y, vx, vy, dt, i"));
        QCOMPARE(r.column, 1u);
    }

    void errorsHaveColumnsAndHints() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(lockstepToBarrier(s));
        EvalResult r = s.evaluate("partial[lid] + nosuch");
        QVERIFY(!r.ok);
        QCOMPARE(r.column, 16u);
        QVERIFY(!r.hint.empty());
        r = s.evaluate("partial[lid] +");
        QVERIFY(!r.ok);
        QVERIFY(r.column >= 14u);
        QVERIFY(QString::fromStdString(r.hint).contains("expression"));
        r = s.evaluate("partial[lid] = 3");
        QVERIFY(!r.ok);
        QVERIFY(QString::fromStdString(r.error).contains("assignment"));
        QCOMPARE(r.column, 1u);
        r = s.evaluate("lid++");
        QVERIFY(!r.ok);
        QVERIFY2(QString::fromStdString(r.error).contains("const") ||
                     QString::fromStdString(r.error).contains("++"),
                 r.error.c_str());
        r = s.evaluate("input++");
        QVERIFY(!r.ok);
        QVERIFY2(QString::fromStdString(r.error).contains("'++'"), r.error.c_str());
        r = s.evaluate("atomic_inc(&partial[0])");
        QVERIFY(!r.ok);
        QVERIFY(QString::fromStdString(r.error).contains("atomic_inc"));
        r = s.evaluate("barrier(CLK_LOCAL_MEM_FENCE)");
        QVERIFY(!r.ok);
        r = s.evaluate("partial[100]");
        QVERIFY(!r.ok);
        QVERIFY(QString::fromStdString(r.error).contains("out-of-bounds"));
        QVERIFY(!r.hint.empty());
        r = s.evaluate("");
        QVERIFY(!r.ok);
        r = s.evaluate("a; b");
        QVERIFY(!r.ok);
        QCOMPARE(r.column, 2u);
        r = s.evaluate("}{");
        QVERIFY(!r.ok);
        r = s.evaluate("((((((((((((((((((((((((((((((1");
        QVERIFY(!r.ok);
        r = s.evaluate("\"text\"");
        QVERIFY(!r.ok);
    }

    void evaluationHasNoSideEffects() {
        Session s;
        QVERIFY(s.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(s.reset());
        QVERIFY(lockstepToBarrier(s));
        uint64_t traceBefore = s.snapshot().traceTotal;
        size_t diagsBefore = s.snapshot().diagnostics.size();
        for (int i = 0; i < 5; ++i) {
            QVERIFY(s.evaluate("partial[lid] + input[lid]").ok);
            QVERIFY(!s.evaluate("partial[1000]").ok);
            QVERIFY(s.evaluate("(int2)(1, 2)").ok);
        }
        Snapshot snap = s.snapshot();
        QCOMPARE(snap.traceTotal, traceBefore);
        QCOMPARE(snap.diagnostics.size(), diagsBefore);
        QVERIFY(s.runAll());
        Session ref;
        QVERIFY(ref.loadSim(kSamples + "reduction_race.sim"));
        QVERIFY(ref.reset());
        QVERIFY(lockstepToBarrier(ref));
        QVERIFY(ref.runAll());
        QCOMPARE(s.argumentBytes(1), ref.argumentBytes(1));
    }

    /// Watch expressions run as lowered nodes (exec::LoweredExpr): vector operators and the
    /// forms lowered last (vector `&&`/`!`, a vector condition, `->` swizzles, `v[i]` of an
    /// rvalue, pointer - pointer, a comma-cast), lvalues with their address, a struct value
    /// (the tree walk), the same expression on every work-item (evaluateEach), and a runtime
    /// error stopping the evaluation with its kind.
    void loweredWatchExpressions() {
        Session s;
        QVERIFY(s.loadSource("watch.cl", "typedef struct { int n; float4 v; } S;\n"
                                         "__kernel void k(__global float4* f, __global int* o)\n"
                                         "{\n"
                                         "    int4 a = (int4)(1, -2, 0, (int)get_local_id(0));\n"
                                         "    int4 b = (int4)(0, 3, 0, -1);\n"
                                         "    __global float4* p = f + 1;\n"
                                         "    S s1 = {7, (float4)(1.0f)};\n"
                                         "    o[get_local_id(0)] = a.x;\n"
                                         "}\n"));
        NDRange r;
        r.dims = 1;
        r.global = {4, 1, 1};
        r.local = {4, 1, 1};
        KernelArgument f;
        f.kind = KernelArgument::Kind::Buffer;
        f.name = "f";
        const float values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        f.bytes.assign(reinterpret_cast<const uint8_t*>(values),
                       reinterpret_cast<const uint8_t*>(values) + sizeof values);
        f.size = f.bytes.size();
        f.elementBytes = 4;
        KernelArgument o;
        o.kind = KernelArgument::Kind::Buffer;
        o.name = "o";
        o.bytes.assign(16, 0);
        o.size = 16;
        o.elementBytes = 4;
        s.setKernel("k");
        s.setNDRange(r);
        s.setArguments({f, o});
        QVERIFY(s.reset());
        QVERIFY(s.selectLocal({2, 0, 0}));
        QVERIFY(stepToLine(s, 8));
        auto value = [&](const char* text) {
            const EvalResult e = s.evaluate(text);
            if (!e.ok) qWarning("%s: %s", text, e.error.c_str());
            return e.value;
        };
        QCOMPARE(value("a + b"), std::string("(int4)(1, 1, 0, 1)"));
        QCOMPARE(value("a && b"), std::string("(int4)(0, -1, 0, -1)"));
        QCOMPARE(value("!a"), std::string("(int4)(0, 0, -1, 0)"));
        QCOMPARE(value("a ? b : (int4)(9)"), std::string("(int4)(9, 3, 9, 9)"));
        QCOMPARE(value("p->zw"), std::string("(float2)(7, 8)"));
        QCOMPARE(value("p->y"), std::string("6"));
        QCOMPARE(value("(a + b)[3]"), std::string("1"));
        QCOMPARE(value("a[3]"), std::string("2"));
        QCOMPARE(value("p - f"), std::string("1"));
        QCOMPARE(value("(int)(1, a.w * 10)"), std::string("20"));
        QCOMPARE(value("s1.n"), std::string("7"));
        EvalResult e = s.evaluate("a.y");
        QVERIFY(e.ok);
        QVERIFY(e.address != 0); // an lvalue: its storage
        e = s.evaluate("s1");
        QVERIFY2(e.ok, e.error.c_str());
        QCOMPARE(e.variable.children.size(), size_t(2));
        const std::vector<EvalResult> each = s.evaluateEach("a.w * 2 + (a && b).y");
        QCOMPARE(each.size(), size_t(4));
        for (size_t i = 0; i < each.size(); ++i)
            if (i == 2) // the selected work-item stands at line 8
                QCOMPARE(each[i].value, std::string("3"));
        e = s.evaluate("p[100000].x");
        QVERIFY(!e.ok);
        QVERIFY2(QString::fromStdString(e.error).contains("out-of-bounds"), e.error.c_str());
        e = s.evaluate("b.x / b.z");
        QVERIFY(!e.ok);
        QVERIFY2(QString::fromStdString(e.error).contains("division-by-zero"), e.error.c_str());
    }

    void notRunningSaysSo() {
        Session s;
        EvalResult r = s.evaluate("1");
        QVERIFY(!r.ok);
        QVERIFY(!r.hint.empty());
        QVERIFY(s.loadSim(kSamples + "vector_add.sim"));
        r = s.evaluate("1 + 1");
        QVERIFY(!r.ok);
        QVERIFY(QString::fromStdString(r.error).contains("not running"));
    }
};

QTEST_APPLESS_MAIN(TestSessionEval)
#include "tst_sessioneval.moc"
