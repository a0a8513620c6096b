// repl::TypeSpeller writes semantic types back as declarations (how the scratchpad declares a
// kept variable again in the next synthetic kernel), and repl::TypeBytes swaps a value's byte
// order component by component (how :endian keeps values).
#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "repl/TypeBytes.h"
#include "repl/TypeSpeller.h"

#include <QtTest>

#include <map>

using clstep::repl::TypeBytes;
using clstep::repl::TypeSpeller;

namespace {

/// The types of the variables declared in kernel `k` of `source`, by name.
std::map<std::string, clstep::QualType> variableTypes(const clstep::Program& program) {
    std::map<std::string, clstep::QualType> out;
    const clstep::ast::FunctionDecl* k = program.findKernel("k");
    for (const auto& s : k->body->body)
        if (s->kind == clstep::ast::StmtKind::Decl)
            for (const auto& d : static_cast<const clstep::ast::DeclStmt*>(s.get())->decls)
                if (d->kind == clstep::ast::DeclKind::Var)
                    out[d->name] = static_cast<const clstep::ast::VarDecl*>(d.get())->type;
    return out;
}

} // namespace

class TestTypeSpeller : public QObject {
    Q_OBJECT

private slots:
    void declarationsRoundTrip();
    void pointerTypes();
    void anonymousTypesCannotBeWritten();
    void byteOrderToggle();
};

void TestTypeSpeller::declarationsRoundTrip() {
    const char* source = "typedef struct { char a; int b; } S;\n"
                         "struct T { float x; };\n"
                         "__kernel void k(__global int *g) {\n"
                         "  float4 v; S s; struct T t; int a[4]; float m[2][3]; const int c = 1;\n"
                         "  size_t n; __local int tile[8];\n"
                         "}\n";
    clstep::CompileOptions o;
    auto program = clstep::Program::fromSource("t.cl", source, o);
    QVERIFY(!program->hasErrors());
    auto types = variableTypes(*program);
    QCOMPARE(*TypeSpeller::declaration(types["v"], "v"), std::string("float4 v"));
    QCOMPARE(*TypeSpeller::declaration(types["s"], "s"), std::string("S s"));
    QCOMPARE(*TypeSpeller::declaration(types["t"], "t"), std::string("struct T t"));
    QCOMPARE(*TypeSpeller::declaration(types["a"], "a"), std::string("int a[4]"));
    QCOMPARE(*TypeSpeller::declaration(types["m"], "m"), std::string("float m[2][3]"));
    QCOMPARE(*TypeSpeller::declaration(types["c"], "c"), std::string("const int c"));
    QCOMPARE(*TypeSpeller::declaration(types["n"], "n"), std::string("size_t n"));
    QCOMPARE(*TypeSpeller::declaration(types["tile"], "tile"), std::string("__local int tile[8]"));
    QCOMPARE(*TypeSpeller::typeName(types["a"]), std::string("int[4]"));
    QCOMPARE(*TypeSpeller::pointerTo(types["c"], clstep::AddressSpace::Global, true),
             std::string("__global const int *"));
    QCOMPARE(*TypeSpeller::pointerTo(types["c"], clstep::AddressSpace::Global, false),
             std::string("__global int *"));
    QCOMPARE(TypeSpeller::display(types["v"]), std::string("float4"));
}

void TestTypeSpeller::pointerTypes() {
    const char* source =
        "__kernel void k(__global int *g) {\n"
        "  __global int *p; __local float4 *q; __constant char *c; int x; int *r = &x;\n"
        "  __global int *restrict *pp;\n"
        "}\n";
    clstep::CompileOptions o;
    auto program = clstep::Program::fromSource("t.cl", source, o);
    QVERIFY2(!program->hasErrors(),
             program->diagnostics.empty() ? "" : program->diagnostics[0].message.c_str());
    auto types = variableTypes(*program);
    QCOMPARE(*TypeSpeller::declaration(types["p"], "p"), std::string("__global int * p"));
    QCOMPARE(*TypeSpeller::declaration(types["q"], "q"), std::string("__local float4 * q"));
    QCOMPARE(*TypeSpeller::declaration(types["c"], "c"), std::string("__constant char * c"));
    QCOMPARE(*TypeSpeller::declaration(types["r"], "r"), std::string("__private int * r"));
    QCOMPARE(*TypeSpeller::pointerTo(types["p"], clstep::AddressSpace::Global, false),
             std::string("__global int * __global *"));
    // Every spelling compiles to the same type again.
    std::string again = "__kernel void k(__global int *g) {\n";
    for (const char* n : {"p", "q", "c", "r", "pp"})
        again += "  " + *TypeSpeller::declaration(types[n], n) + ";\n";
    again += "}\n";
    auto program2 = clstep::Program::fromSource("t2.cl", again, o);
    QVERIFY2(!program2->hasErrors(), again.c_str());
    auto types2 = variableTypes(*program2);
    for (const char* n : {"p", "q", "c", "r", "pp"})
        QCOMPARE(clstep::typeToString(types2[n]), clstep::typeToString(types[n]));
}

void TestTypeSpeller::anonymousTypesCannotBeWritten() {
    const char* source = "__kernel void k(__global int *g) { struct { int q; } anon; }\n";
    clstep::CompileOptions o;
    auto program = clstep::Program::fromSource("t.cl", source, o);
    QVERIFY(!program->hasErrors());
    auto types = variableTypes(*program);
    QVERIFY(!TypeSpeller::declaration(types["anon"], "anon"));
}

void TestTypeSpeller::byteOrderToggle() {
    const char* source = "typedef struct { char a; int b; short c; } S;\n"
                         "__kernel void k(__global int *g) { S s; float3 f; }\n";
    clstep::CompileOptions o;
    auto program = clstep::Program::fromSource("t.cl", source, o);
    QVERIFY(!program->hasErrors());
    auto types = variableTypes(*program);
    std::vector<uint8_t> s = {1, 0xaa, 0xbb, 0xcc, 1, 2, 3, 4, 5, 6, 0xdd, 0xee};
    TypeBytes::toggleByteOrder(types["s"].type, s.data(), s.size());
    QCOMPARE(s, (std::vector<uint8_t>{1, 0xaa, 0xbb, 0xcc, 4, 3, 2, 1, 6, 5, 0xdd, 0xee}));
    std::vector<uint8_t> f(16);
    for (int i = 0; i < 16; ++i)
        f[i] = static_cast<uint8_t>(i);
    TypeBytes::toggleByteOrder(types["f"].type, f.data(), f.size());
    QCOMPARE(f, (std::vector<uint8_t>{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12}));
    QCOMPARE(TypeBytes::hex(f, 4, 8), std::string("03 02 01 00  07 06 05 04 ..."));
}

QTEST_APPLESS_MAIN(TestTypeSpeller)
#include "tst_typespeller.moc"
