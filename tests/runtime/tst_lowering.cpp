// The lowered code (runtime/exec): which functions and expressions are lowered, and that
// lowered control flow (loops, break/continue, switch into nested blocks, goto over
// declarations) runs as the tree walk did.
#include "frontend/Program.h"
#include "runtime/KernelRun.h"
#include "runtime/exec/Program.h"

#include <QtTest>

#include <cstring>
#include <fstream>
#include <sstream>

using namespace clstep;

namespace {

std::unique_ptr<Program> compile(const std::string& source) {
    auto p = Program::fromSource("test.cl", source, CompileOptions{});
    for (const Diagnostic& d : p->diagnostics)
        qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
    return p;
}

std::string readBenchKernel(const std::string& name) {
    std::ifstream in(std::string(CLSTEP_SOURCE_DIR) + "/bench/kernels/" + name + ".cl");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

KernelArgument intBuffer(size_t n) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Buffer;
    a.bytes.assign(n * 4, 0);
    a.size = a.bytes.size();
    a.elementBytes = 4;
    return a;
}

std::vector<int32_t> ints(const std::vector<uint8_t>& bytes) {
    std::vector<int32_t> out(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), out.size() * 4);
    return out;
}

} // namespace

class TestLowering : public QObject {
    Q_OBJECT
private slots:
    /// The scalar benchmark kernels lower without a single tree-walk node.
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
        QCOMPARE(lowered.stats().treeWalk, uint64_t(0));
    }

    /// A function with a goto and a switch stays on the tree walk; goto alone is lowered.
    void gotoWithSwitchIsNotLowered() {
        auto program = compile(R"(
int both(int x) { switch (x) { case 1: goto out; default: x = 2; } out: return x; }
int onlyGoto(int x) { if (x) goto out; x = 3; out: return x; }
__kernel void k(__global int* o) { o[0] = both(1) + onlyGoto(0); }
)");
        QVERIFY(!program->hasErrors());
        exec::Program lowered(*program->unit);
        const ast::FunctionDecl* both = nullptr;
        const ast::FunctionDecl* onlyGoto = nullptr;
        for (const ast::DeclPtr& d : program->unit->decls)
            if (d->kind == ast::DeclKind::Function) {
                auto* f = static_cast<const ast::FunctionDecl*>(d.get());
                if (f->name == "both") both = f;
                if (f->name == "onlyGoto") onlyGoto = f;
            }
        QVERIFY(both && onlyGoto);
        QVERIFY(!lowered.function(both));
        QVERIFY(lowered.function(onlyGoto));
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
        NDRange range;
        range.global = {1, 1, 1};
        range.local = {1, 1, 1};
        KernelRun run(*program, "k", range, args, RunOptions{});
        QVERIFY(run.ready());
        run.runAll();
        QVERIFY(run.diagnostics().empty());
        const std::vector<int32_t> o = ints(run.argumentBytes(0));
        // sum over i in {0,1,3,4,5,6,7} of 0+..+i
        QCOMPARE(o[0], 0 + 1 + 6 + 10 + 15 + 21 + 28);
        // Duff's device: enters at case 3 (n = 3): 1110, then two full rounds of 1111
        QCOMPARE(o[1], 1110 + 1111 + 1111);
        QCOMPARE(o[2], 3 * 2 + 4);
        QCOMPARE(o[3], 103);
    }
};

QTEST_GUILESS_MAIN(TestLowering)
#include "tst_lowering.moc"
