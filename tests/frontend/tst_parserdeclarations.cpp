// Tests of parseOpenCL and the AST builder for declarations: typedef names and their
// shadowing, type canonicalization, declarators, pointer and address-space qualifiers,
// kernel flags, attributes, records and enums, bit-fields and VLAs, initializers.
// Expressions, statements and source ranges: tst_parser.cpp.

#include "ParseHelpers.h"

#include <QtTest>

#include <string>

using namespace clstep;
using namespace clstep::ast;
using namespace clstep::test;

class TstParserDeclarations : public QObject {
    Q_OBJECT

private slots:
    void typedefNames();
    void typedefShadowing();
    void typeCanonicalization_data();
    void typeCanonicalization();
    void declarators_data();
    void declarators();
    void pointerQualifiersPerLevel();
    void addressSpaceAndAccessQualifiers();
    void kernelAndFunctionFlags();
    void attributes();
    void recordsAndEnums();
    void bitFieldsAndVlasAreParsed();
    void initializers();
};

void TstParserDeclarations::typedefNames() {
    // `T * x;` declares x when T is a typedef name; `a * x;` multiplies when a is a variable.
    auto unit = parseClean("typedef int T;\n"
                           "void f(int a, int x) { T * x; a * x; }");
    QVERIFY(unit);
    CHECK_DUMP(dumpDecl(unit->decls[0].get()), std::string("(typedef T int)"));
    const std::vector<StmtPtr>& body = *lastBody(*unit);
    QCOMPARE(body.size(), size_t(2));
    CHECK_DUMP(dumpStmt(body[0].get()), std::string("(decl (var x (ptr typedef:T)))"));
    CHECK_DUMP(dumpStmt(body[1].get()), std::string("(* a x);"));

    // Typedef of a struct, used as a type in casts, sizeof and parameters.
    unit = parseClean("typedef struct { float x; } P;\n"
                      "float g(P p, __global P* q) { return sizeof(P) + ((P*)q)->x + p.x; }");
    QVERIFY(unit);
    QCOMPARE(
        dumpDecl(unit->decls[2].get()),
        std::string("(function g float (p:typedef:P, q:(ptr global typedef:P)) { (return (+ "
                    "(+ (sizeof type typedef:P) (-> (cast (ptr typedef:P) q) x)) (. p x))) })"));

    // Block-scope typedef, and a typedef name is a type only where no other type appears.
    unit = parseClean("void h() { typedef float R; R r; { R * s; } }\n"
                      "typedef int U; typedef int V; void k() { U V; V * w; }");
    QVERIFY(unit);
    CHECK_DUMP(dumpStmt(lastBody(*unit)->at(0).get()), std::string("(decl (var V typedef:U))"));
    CHECK_DUMP(dumpStmt(lastBody(*unit)->at(1).get()), std::string("(* V w);"));
    const auto* h = static_cast<const FunctionDecl*>(unit->decls[0].get());
    CHECK_DUMP(dumpStmt(h->body.get()),
               std::string("{ (decl (typedef R float)) (decl (var r typedef:R)) { (decl (var s "
                           "(ptr typedef:R))) } }"));
}

void TstParserDeclarations::typedefShadowing() {
    // An inner ordinary declaration shadows a typedef; the typedef is back after the block.
    auto unit = parseClean("typedef int T;\n"
                           "void f(int x) { { int T = 2; T * x; } T * y; }\n"
                           "void g(float T) { T * 2.0f; }\n"
                           "void k() { for (int T = 0; T < 2; ++T) T * 3; T * z; }");
    QVERIFY(unit);
    const auto* f = static_cast<const FunctionDecl*>(unit->decls[1].get());
    CHECK_DUMP(
        dumpStmt(f->body.get()),
        std::string("{ { (decl (var T int = 2)) (* T x); } (decl (var y (ptr typedef:T))) }"));
    const auto* g = static_cast<const FunctionDecl*>(unit->decls[2].get());
    CHECK_DUMP(dumpStmt(g->body.get()), std::string("{ (* T 2.0f); }"));
    const auto* k = static_cast<const FunctionDecl*>(unit->decls[3].get());
    CHECK_DUMP(
        dumpStmt(k->body.get()),
        std::string("{ (for (decl (var T int = 0)) (< T 2) (++ T) (* T 3);) (decl (var z (ptr "
                    "typedef:T))) }"));
    // Enum constants are ordinary identifiers too.
    unit = parseClean("typedef int E; enum { E = 3 }; void m(int q) { E * q; }");
    QVERIFY(unit);
    CHECK_DUMP(dumpStmt(lastBody(*unit)->at(0).get()), std::string("(* E q);"));
}

void TstParserDeclarations::typeCanonicalization_data() {
    QTest::addColumn<QString>("spelled");
    QTest::addColumn<QString>("canonical");
    auto row = [](const char* s, const char* c) { QTest::newRow(s) << s << c; };
    row("unsigned int", "uint");
    row("unsigned", "uint");
    row("int unsigned", "uint");
    row("signed", "int");
    row("signed char", "char");
    row("unsigned char", "uchar");
    row("short int", "short");
    row("unsigned short", "ushort");
    row("long int", "long");
    row("unsigned long", "ulong");
    row("long unsigned int", "ulong");
    row("_Bool", "bool");
    row("bool", "bool");
    row("half", "half");
    row("uchar4", "uchar4");
    row("ulong3", "ulong3");
    row("half8", "half8");
    row("double16", "double16");
    row("size_t", "size_t");
    row("image2d_array_t", "image2d_array_t");
    row("sampler_t", "sampler_t");
    row("event_t", "event_t");
}

void TstParserDeclarations::typeCanonicalization() {
    QFETCH(QString, spelled);
    QFETCH(QString, canonical);
    auto unit = parseClean(spelled.toStdString() + " x;");
    QVERIFY(unit);
    QCOMPARE(unit->decls.size(), size_t(1));
    const auto* v = static_cast<const VarDecl*>(unit->decls[0].get());
    QCOMPARE(v->typeSyntax->kind, TypeSyntax::Kind::Builtin);
    QCOMPARE(QString::fromStdString(v->typeSyntax->name), canonical);
}

void TstParserDeclarations::declarators_data() {
    QTest::addColumn<QString>("decl");
    QTest::addColumn<QString>("dump");
    auto row = [](const char* s, const char* d) { QTest::newRow(s) << s << d; };
    row("int a[2][3];", "(var a (array 2 (array 3 int)))");
    row("int *a[4];", "(var a (array 4 (ptr int)))");
    row("int (*a)[4];", "(var a (ptr (array 4 int)))");
    row("int (*fp)(int, float);", "(var fp (ptr (fn int (int float))))");
    row("int *f(void);", "(function f (ptr int) ())");
    row("int (*g(int a))[3];", "(function g (ptr (array 3 int)) (a:int))");
    row("float h(float, ...);", "(function h float (:float, ...))");
    row("int printf(__constant char* restrict fmt, ...);",
        "(function printf int (fmt:(restrict ptr constant char), ...))");
    row("void k(int a[], float b[static 4]);",
        "(function k void (a:(array ? int), b:(array 4 float)))");
    row("void m(int (*)[2], float*);", "(function m void (:(ptr (array 2 int)), :(ptr float)))");
}

void TstParserDeclarations::declarators() {
    QFETCH(QString, decl);
    QFETCH(QString, dump);
    auto unit = parseClean(decl.toStdString());
    QVERIFY(unit);
    QCOMPARE(unit->decls.size(), size_t(1));
    QCOMPARE(QString::fromStdString(dumpDecl(unit->decls[0].get())), dump);
}

void TstParserDeclarations::pointerQualifiersPerLevel() {
    //                       1         2         3
    //              123456789012345678901234567890123456
    auto unit = parseClean("global int * local * const p, q;");
    QVERIFY(unit);
    QCOMPARE(unit->decls.size(), size_t(2));
    const auto* p = static_cast<const VarDecl*>(unit->decls[0].get());
    CHECK_DUMP(dumpType(p->typeSyntax.get()), std::string("(const ptr (local ptr global int))"));
    const TypeSyntax* outer = p->typeSyntax.get();
    const TypeSyntax* inner = outer->inner.get();
    const TypeSyntax* base = inner->inner.get();
    QCOMPARE(rangeText(base->quals.spaceRange), QStringLiteral("1:1-1:7"));
    QCOMPARE(rangeText(inner->quals.spaceRange), QStringLiteral("1:14-1:19"));
    QVERIFY(!outer->quals.spaceRange.valid());
    QCOMPARE(rangeText(inner->range), QStringLiteral("1:12-1:19"));
    QCOMPARE(rangeText(outer->range), QStringLiteral("1:20-1:27"));
    // Both declarators share the specifier node.
    const auto* q = static_cast<const VarDecl*>(unit->decls[1].get());
    QCOMPARE(q->typeSyntax.get(), base);
    CHECK_DUMP(dumpType(q->typeSyntax.get()), std::string("global int"));
    QCOMPARE(rangeText(q->specifierRange), QStringLiteral("1:1-1:11"));
}

void TstParserDeclarations::addressSpaceAndAccessQualifiers() {
    auto unit = parseClean(
        "__kernel void k(__global const float4 *restrict in, local int* l, constant uint* c,\n"
        "                __private int p, __read_only image2d_t img, write_only image2d_t o,\n"
        "                read_write image3d_t rw, __generic int* g) {}");
    QVERIFY(unit);
    const auto* k = static_cast<const FunctionDecl*>(unit->decls[0].get());
    std::vector<std::string> dumps;
    for (const auto& p : k->params)
        dumps.push_back(p->name + ":" + dumpType(p->typeSyntax.get()));
    QCOMPARE(toList(dumps),
             toList({"in:(restrict ptr global const float4)", "l:(ptr local int)",
                     "c:(ptr constant uint)", "p:private int", "img:read_only image2d_t",
                     "o:write_only image2d_t", "rw:read_write image3d_t", "g:(ptr generic int)"}));
    QCOMPARE(rangeText(k->params[0]->typeSyntax->inner->quals.spaceRange),
             QStringLiteral("1:17-1:25"));
    QCOMPARE(rangeText(k->params[4]->typeSyntax->quals.accessRange), QStringLiteral("2:34-2:45"));
    QCOMPARE(rangeText(k->params[5]->typeSyntax->quals.accessRange), QStringLiteral("2:61-2:71"));
    QCOMPARE(rangeText(k->params[0]->range), QStringLiteral("1:17-1:51"));
    QCOMPARE(rangeText(k->params[0]->nameRange), QStringLiteral("1:49-1:51"));
}

void TstParserDeclarations::kernelAndFunctionFlags() {
    auto unit = parseClean("kernel void a() {}\n"
                           "__kernel void b(void);\n"
                           "static inline float c(float x) { return x; }\n"
                           "void d(void) {}\n"
                           "extern int e(int);");
    QVERIFY(unit);
    auto fn = [&](size_t i) { return static_cast<const FunctionDecl*>(unit->decls[i].get()); };
    QVERIFY(fn(0)->isKernel);
    QCOMPARE(rangeText(fn(0)->kernelRange), QStringLiteral("1:1-1:7"));
    QVERIFY(fn(0)->body);
    QVERIFY(fn(1)->isKernel);
    QVERIFY(!fn(1)->body);
    QVERIFY(fn(1)->params.empty());
    QCOMPARE(rangeText(fn(1)->kernelRange), QStringLiteral("2:1-2:9"));
    QVERIFY(!fn(2)->isKernel);
    QVERIFY(fn(2)->isInline);
    QCOMPARE(fn(2)->storage, StorageClass::Static);
    QCOMPARE(rangeText(fn(2)->storageRange), QStringLiteral("3:1-3:7"));
    QVERIFY(fn(3)->params.empty());
    QVERIFY(!fn(3)->isKernel);
    QCOMPARE(fn(4)->storage, StorageClass::Extern);
    QVERIFY(!fn(4)->isKernel);
}

void TstParserDeclarations::attributes() {
    auto unit = parseClean(
        "struct __attribute__((packed)) A { char c; int i __attribute__((aligned(8))); };\n"
        "struct B { int x; } __attribute__((aligned(16), __packed__));\n"
        "typedef float4 F __attribute__((aligned(32)));\n"
        "__kernel __attribute__((reqd_work_group_size(8, 8, 1))) "
        "__attribute__((vec_type_hint(float4)))\n"
        "void k(__global float4 *p __attribute__((endian(host))), __global uint *q) {\n"
        "  int x __attribute__((aligned(16))) = 0;\n"
        "  float4 * __attribute__((endian(device))) r;\n"
        "}\n"
        "__attribute__((overloadable)) float f(float) __attribute__((const));\n"
        "__kernel __attribute__((work_group_size_hint(64, 1, 1), vec_type_hint(unsigned int))) "
        "void w() {}\n");
    QVERIFY(unit);
    CHECK_DUMP(dumpDecl(unit->decls[0].get()),
               std::string("(struct A @packed { c:char; i:int @aligned(8); })"));
    CHECK_DUMP(dumpDecl(unit->decls[1].get()),
               std::string("(struct B @aligned(16) @packed { x:int; })"));
    CHECK_DUMP(dumpDecl(unit->decls[2].get()), std::string("(typedef F float4 @aligned(32))"));
    const auto* k = static_cast<const FunctionDecl*>(unit->decls[3].get());
    CHECK_DUMP(test::dumpAttrs(k->attrs),
               std::string(" @reqd_work_group_size(8,8,1) @vec_type_hint(float4)"));
    CHECK_DUMP(test::dumpAttrs(k->params[0]->attrs), std::string(" @endian(host)"));
    QCOMPARE(k->params[0]->attrs[0].identifierArg, std::string("host"));
    QVERIFY(k->params[0]->attrs[0].args.empty());
    QCOMPARE(rangeText(k->params[0]->attrs[0].range), QStringLiteral("5:42-5:54"));
    CHECK_DUMP(dumpStmt(k->body->body[0].get()),
               std::string("(decl (var x int @aligned(16) = 0))"));
    CHECK_DUMP(dumpStmt(k->body->body[1].get()),
               std::string("(decl (var r (@endian(device) ptr float4)))"));
    QCOMPARE(rangeText(k->attrs[0].range), QStringLiteral("4:25-4:54"));
    QCOMPARE(k->attrs[0].args.size(), size_t(3));
    CHECK_DUMP(dumpDecl(unit->decls[4].get()),
               std::string("(function f float (:float) @overloadable @const)"));
    const auto* w = static_cast<const FunctionDecl*>(unit->decls[5].get());
    CHECK_DUMP(test::dumpAttrs(w->attrs),
               std::string(" @work_group_size_hint(64,1,1) @vec_type_hint(uint)"));
}

void TstParserDeclarations::recordsAndEnums() {
    auto unit = parseClean("struct S;\n"
                           "struct S { struct In { int a; } in; union { int i; float f; }; };\n"
                           "typedef struct { int x; } T;\n"
                           "enum Color { Red, Green = 5, Blue } c;\n"
                           "enum Color d;\n"
                           "void f() { struct L { int q; } l; struct S *p; }");
    QVERIFY(unit);
    std::vector<std::string> dumps;
    for (const DeclPtr& d : unit->decls)
        dumps.push_back(dumpDecl(d.get()));
    QCOMPARE(
        toList(dumps),
        toList({"(struct S)", "(struct In { a:int; })", "(union <anon> { i:int; f:float; })",
                "(struct S { in:struct In{}; :union <anon>{}; })", "(struct <anon> { x:int; })",
                "(typedef T struct <anon>{})", "(enum Color { Red Green=5 Blue })",
                "(var c enum Color{})", "(var d enum Color)",
                "(function f void () { (decl (struct L { q:int; }) (var l struct L{})) (decl (var "
                "p (ptr struct S))) })"}));
    // Definitions are linked from the type syntax that defines them.
    const auto* s = static_cast<const RecordDecl*>(unit->decls[3].get());
    QVERIFY(s->isDefinition);
    QCOMPARE(s->fields[0]->typeSyntax->record, static_cast<RecordDecl*>(unit->decls[1].get()));
    QVERIFY(!static_cast<const RecordDecl*>(unit->decls[0].get())->isDefinition);
    QCOMPARE(rangeText(s->nameRange), QStringLiteral("2:8-2:9"));
    QCOMPARE(rangeText(s->range), QStringLiteral("2:1-2:65"));
    const auto* color = static_cast<const EnumDecl*>(unit->decls[6].get());
    QCOMPARE(rangeText(color->constants[1]->nameRange), QStringLiteral("4:19-4:24"));
    QCOMPARE(rangeText(color->constants[1]->range), QStringLiteral("4:19-4:28"));
}

void TstParserDeclarations::bitFieldsAndVlasAreParsed() {
    // Not OpenCL C, but parsed so that Sema can reject them with a precise message.
    auto unit = parseClean("struct F { int a : 3; int : 0; unsigned b : 1; };\n"
                           "void f(int n) { float v[n]; }");
    QVERIFY(unit);
    CHECK_DUMP(dumpDecl(unit->decls[0].get()),
               std::string("(struct F { a:int:3; :int:0; b:uint:1; })"));
    CHECK_DUMP(dumpStmt(lastBody(*unit)->at(0).get()),
               std::string("(decl (var v (array n float)))"));
}

void TstParserDeclarations::initializers() {
    auto unit = parseClean(
        "struct P { float x, y; int t[3]; };\n"
        "__constant struct P p = { .y = 2.0f, .t = { [2] = 7, 1 }, .x = 1.0f, };\n"
        "__constant int a[4] = { 1, 2, [3] = 4 };\n"
        "void f() { struct P q = (struct P){ 1.0f, 2.0f }; float2 v = (float2)(1.0f, 2.0f); "
        "int z[2] = {}; }");
    QVERIFY(unit);
    CHECK_DUMP(dumpDecl(unit->decls[1].get()),
               std::string("(var p constant struct P = {.y=2.0f .t={[2]=7 1} .x=1.0f})"));
    CHECK_DUMP(dumpDecl(unit->decls[2].get()),
               std::string("(var a (array 4 constant int) = {1 2 [3]=4})"));
    const std::vector<StmtPtr>& body = *lastBody(*unit);
    CHECK_DUMP(dumpStmt(body[0].get()),
               std::string("(decl (var q struct P = (compound struct P {1.0f 2.0f})))"));
    CHECK_DUMP(dumpStmt(body[1].get()),
               std::string("(decl (var v float2 = (vec float2 1.0f 2.0f)))"));
    CHECK_DUMP(dumpStmt(body[2].get()), std::string("(decl (var z (array 2 int) = {}))"));
    const auto* init = static_cast<const InitListExpr*>(
        static_cast<const VarDecl*>(unit->decls[1].get())->init.get());
    QCOMPARE(rangeText(init->elements[0].designators[0].range), QStringLiteral("2:27-2:29"));
}

QTEST_APPLESS_MAIN(TstParserDeclarations)
#include "tst_parserdeclarations.moc"
