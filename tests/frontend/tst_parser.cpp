// Tests of parseOpenCL and the AST builder: every corpus kernel parses without diagnostics,
// and targeted AST shapes (precedence, vector literals, swizzles, typedef resolution,
// attributes, address spaces, declarators, initializers) and exact source ranges.

#include "frontend/AstDump.h"
#include "frontend/Parser.h"
#include "frontend/Preprocessor.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <string>

using namespace clstep;
using namespace clstep::ast;
using clstep::test::dumpDecl;
using clstep::test::dumpExpr;
using clstep::test::dumpStmt;
using clstep::test::dumpType;

namespace {

const QString kCorpusDir = QStringLiteral(CLSTEP_SOURCE_DIR "/tests/kernels/corpus");

ParseResult parse(const std::string& text) {
    return parseOpenCL(PreprocessedSource::identity(text, 1));
}

/// QCOMPARE for std::string values (printed on failure).
#define CHECK_DUMP(actual, expected)                                                               \
    QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected))

QStringList toList(const std::vector<std::string>& v) {
    QStringList l;
    for (const std::string& s : v)
        l << QString::fromStdString(s);
    return l;
}

QString diagnosticsText(const std::vector<Diagnostic>& diags) {
    QString s;
    for (const Diagnostic& d : diags)
        s += QStringLiteral("%1:%2: %3 [%4]\n")
                 .arg(d.range.begin.line)
                 .arg(d.range.begin.column)
                 .arg(QString::fromStdString(d.message), QString::fromStdString(d.kind));
    return s;
}

/// "line:col-line:col" for comparisons.
QString rangeText(const SourceRange& r) {
    return QStringLiteral("%1:%2-%3:%4")
        .arg(r.begin.line)
        .arg(r.begin.column)
        .arg(r.end.line)
        .arg(r.end.column);
}

/// Parses `text`, requires no diagnostics, returns the unit (QVERIFY-friendly wrapper).
std::unique_ptr<TranslationUnit> parseClean(const std::string& text) {
    ParseResult r = parse(text);
    if (!r.diagnostics.empty()) {
        qWarning("unexpected diagnostics:\n%s", qPrintable(diagnosticsText(r.diagnostics)));
        return nullptr;
    }
    return std::move(r.unit);
}

/// The body statements of the last function in `unit`.
const std::vector<StmtPtr>* lastBody(const TranslationUnit& unit) {
    for (auto it = unit.decls.rbegin(); it != unit.decls.rend(); ++it)
        if ((*it)->kind == DeclKind::Function) {
            auto* f = static_cast<const FunctionDecl*>(it->get());
            return f->body ? &f->body->body : nullptr;
        }
    return nullptr;
}

/// Dump of the expression statement `expr;` inside `void f() { prelude expr; }`.
std::string exprDump(const std::string& expr, const std::string& prelude = "") {
    auto unit = parseClean("void f() { " + prelude + " " + expr + "; }");
    if (!unit) return "<diagnostics>";
    const std::vector<StmtPtr>* body = lastBody(*unit);
    if (!body || body->empty() || body->back()->kind != StmtKind::Expr) return "<no expression>";
    return dumpExpr(static_cast<const ExprStmt*>(body->back().get())->expr.get());
}

QStringList corpusFiles() {
    QDir dir(kCorpusDir);
    return dir.entryList({QStringLiteral("*.cl")}, QDir::Files, QDir::Name);
}

bool hasMacros(const std::string& text) {
    for (size_t pos = 0; pos < text.size();) {
        size_t eol = text.find('\n', pos);
        std::string line =
            text.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
        size_t first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line[first] == '#' &&
            line.compare(first, 7, "#pragma") != 0)
            return true;
        if (eol == std::string::npos) break;
        pos = eol + 1;
    }
    return false;
}

} // namespace

class TstParser : public QObject {
    Q_OBJECT

private slots:
    void corpusHasEnoughKernels();
    void corpus_data();
    void corpus();
    void precedence_data();
    void precedence();
    void literals_data();
    void literals();
    void literalFields();
    void vectorLiterals_data();
    void vectorLiterals();
    void swizzleIsMember();
    void typedefNames();
    void typedefShadowing();
    void castVersusParenthesizedExpression();
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
    void statements();
    void sourceRanges();
    void sourceRangesThroughPreprocessor();
    void longOperatorChains();
};

void TstParser::corpusHasEnoughKernels() {
    QVERIFY2(
        corpusFiles().size() >= 40,
        qPrintable(
            QStringLiteral("only %1 kernels in %2").arg(corpusFiles().size()).arg(kCorpusDir)));
}

void TstParser::corpus_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : corpusFiles())
        QTest::newRow(qPrintable(f)) << f;
}

void TstParser::corpus() {
    QFETCH(QString, file);
    QFile f(kCorpusDir + "/" + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string text = f.readAll().toStdString();

    // Unpreprocessed (the parser skips #pragma lines), for kernels without macros.
    if (!hasMacros(text)) {
        ParseResult r = parseOpenCL(PreprocessedSource::identity(text, 1));
        QVERIFY2(r.diagnostics.empty(), qPrintable(diagnosticsText(r.diagnostics)));
        QVERIFY(!r.unit->decls.empty());
    }
    // Through the real preprocessor, as clstep runs it.
    SourceManager sources;
    uint32_t id = sources.addFile((kCorpusDir + "/" + file).toStdString(), text);
    PreprocessorOptions options;
    if (file.startsWith(QStringLiteral("cl20_"))) options.clVersion = 200;
    PreprocessedSource pp = Preprocessor::run(sources, id, options);
    QVERIFY2(pp.diagnostics.empty(), qPrintable(diagnosticsText(pp.diagnostics)));
    ParseResult r = parseOpenCL(pp);
    QVERIFY2(r.diagnostics.empty(), qPrintable(diagnosticsText(r.diagnostics)));
    bool hasKernel = false;
    for (const DeclPtr& d : r.unit->decls)
        if (d->kind == DeclKind::Function && static_cast<FunctionDecl*>(d.get())->isKernel)
            hasKernel = true;
    QVERIFY2(hasKernel, "no __kernel function found");
}

void TstParser::precedence_data() {
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("dump");
    auto row = [](const char* e, const char* d) { QTest::newRow(e) << e << d; };
    row("a + b * c", "(+ a (* b c))");
    row("a - b - c", "(- (- a b) c)");
    row("a * b + c * d", "(+ (* a b) (* c d))");
    row("a << 1 + b", "(<< a (+ 1 b))");
    row("a < b == c > d", "(== (< a b) (> c d))");
    row("a & b ^ c | d", "(| (^ (& a b) c) d)");
    row("a || b && c", "(|| a (&& b c))");
    row("a = b = c", "(= a (= b c))");
    row("a += b -= c", "(+= a (-= b c))");
    row("a ? b : c ? d : e", "(? a b (? c d e))");
    row("a ? b ? c : d : e", "(? a (? b c d) e)");
    row("a = b ? c : d", "(= a (? b c d))");
    row("x = a, y = b", "(, (= x a) (= y b))");
    row("-a * !b", "(* (- a) (! b))");
    row("*p++", "(* (post++ p))");
    row("++*p", "(++ (* p))");
    row("&a[i].x", "(& (. ([] a i) x))");
    row("p->next->v", "(-> (-> p next) v)");
    row("f(a, b)(c)", "(call (call f a b) c)");
    row("~a >> 2 <= 3", "(<= (>> (~ a) 2) 3)");
    row("(a + b) * c", "(* (+ a b) c)");
    row("sizeof a + 1", "(+ (sizeof a) 1)");
    row("sizeof(int) * n", "(* (sizeof type int) n)");
    row("sizeof(x) * n", "(* (sizeof x) n)");
    row("vec_step(float4)", "(vec_step type float4)");
    row("__alignof__(double)", "(alignof type double)");
    row("a %= b <<= 1", "(%= a (<<= b 1))");
    row("a ^= b |= c &= d >>= e *= f /= g", "(^= a (|= b (&= c (>>= d (*= e (/= f g))))))");
}

void TstParser::precedence() {
    QFETCH(QString, expr);
    QFETCH(QString, dump);
    QCOMPARE(QString::fromStdString(exprDump(expr.toStdString())), dump);
}

void TstParser::literals_data() {
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("dump");
    auto row = [](const char* e, const char* d) { QTest::newRow(e) << e << d; };
    row("42", "42");
    row("0x1F", "31");
    row("017", "15");
    row("0", "0");
    row("10u", "10u");
    row("10UL", "10ul");
    row("10lu", "10ul");
    row("7LL", "7ll");
    row("0xffffffffffffffff", "18446744073709551615");
    row("'a'", "97");
    row("'\\n'", "10");
    row("'\\x41'", "65");
    row("'\\0'", "0");
    row("'\\377'", "18446744073709551615"); // char is signed: -1
    row("\"ab\" \"c\\t\"", "\"abc\t\"");
    row("1.5f", "1.5f");
    row("0x1.8p1", "0x1.8p1");
}

void TstParser::literals() {
    QFETCH(QString, expr);
    QFETCH(QString, dump);
    QCOMPARE(QString::fromStdString(exprDump(expr.toStdString())), dump);
}

void TstParser::literalFields() {
    auto unit = parseClean("void f() { 1.5e3f; .5; 0x1p-2h; 2.; 10u; 5; 'x'; 010; }");
    QVERIFY(unit);
    const std::vector<StmtPtr>& body = *lastBody(*unit);
    auto expr = [&](size_t i) { return static_cast<const ExprStmt*>(body[i].get())->expr.get(); };
    auto fl = [&](size_t i) { return static_cast<const FloatLiteralExpr*>(expr(i)); };
    auto il = [&](size_t i) { return static_cast<const IntLiteralExpr*>(expr(i)); };
    QCOMPARE(expr(0)->kind, ExprKind::FloatLiteral);
    QCOMPARE(fl(0)->value, 1500.0);
    QCOMPARE(fl(0)->suffix, std::string("f"));
    QCOMPARE(fl(1)->value, 0.5);
    QCOMPARE(fl(1)->suffix, std::string(""));
    QCOMPARE(fl(2)->value, 0.25);
    QCOMPARE(fl(2)->suffix, std::string("h"));
    QCOMPARE(fl(3)->value, 2.0);
    QCOMPARE(il(4)->suffix, std::string("u"));
    QVERIFY(il(4)->isDecimal);
    QCOMPARE(il(5)->spelling, std::string("5"));
    QVERIFY(il(6)->isChar);
    QCOMPARE(il(6)->value, uint64_t('x'));
    QCOMPARE(il(7)->value, uint64_t(8));
    QVERIFY(!il(7)->isDecimal);
}

void TstParser::vectorLiterals_data() {
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("dump");
    auto row = [](const char* e, const char* d) { QTest::newRow(e) << e << d; };
    row("(float4)(a, b, c, d)", "(vec float4 a b c d)");
    row("(float4)(1.0f)", "(vec float4 1.0f)");
    row("(int2)(a, b + c)", "(vec int2 a (+ b c))");
    row("(float4)((float2)(a, b), c, d)", "(vec float4 (vec float2 a b) c d)");
    // Postfix operators apply to the literal for vector types (as clang does) ...
    row("(float4)(a, b, c, d).xy", "(. (vec float4 a b c d) xy)");
    // ... and to the operand for other types.
    row("(int)(a).x", "(cast int (. a x))");
    row("(int)(x)", "(vec int x)"); // Sema turns this into a cast (isCommaCast)
    row("(uint)x", "(cast uint x)");
    row("(float)-x", "(cast float (- x))");
}

void TstParser::vectorLiterals() {
    QFETCH(QString, expr);
    QFETCH(QString, dump);
    QCOMPARE(QString::fromStdString(exprDump(expr.toStdString())), dump);
}

void TstParser::swizzleIsMember() {
    CHECK_DUMP(exprDump("v.xyzw"), std::string("(. v xyzw)"));
    CHECK_DUMP(exprDump("v.s0123"), std::string("(. v s0123)"));
    CHECK_DUMP(exprDump("v.hi.lo"), std::string("(. (. v hi) lo)"));
    CHECK_DUMP(exprDump("p->even"), std::string("(-> p even)"));
    CHECK_DUMP(exprDump("v.sF = 1"), std::string("(= (. v sF) 1)"));
}

void TstParser::typedefNames() {
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

void TstParser::typedefShadowing() {
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

void TstParser::castVersusParenthesizedExpression() {
    CHECK_DUMP(exprDump("(a) * x"), std::string("(* a x)"));
    CHECK_DUMP(exprDump("(T) * x", "typedef int T;"), std::string("(cast typedef:T (* x))"));
    CHECK_DUMP(exprDump("(a)(x)"), std::string("(call a x)"));
    CHECK_DUMP(exprDump("(a) - 1"), std::string("(- a 1)"));
    CHECK_DUMP(exprDump("(__global float*)p"), std::string("(cast (ptr global float) p)"));
    CHECK_DUMP(exprDump("(const int)-1"), std::string("(cast const int (- 1))"));
    CHECK_DUMP(exprDump("(struct S*)p"), std::string("(cast (ptr struct S) p)"));
    CHECK_DUMP(exprDump("(int)(float)x"), std::string("(cast int (cast float x))"));
}

void TstParser::typeCanonicalization_data() {
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

void TstParser::typeCanonicalization() {
    QFETCH(QString, spelled);
    QFETCH(QString, canonical);
    auto unit = parseClean(spelled.toStdString() + " x;");
    QVERIFY(unit);
    QCOMPARE(unit->decls.size(), size_t(1));
    const auto* v = static_cast<const VarDecl*>(unit->decls[0].get());
    QCOMPARE(v->typeSyntax->kind, TypeSyntax::Kind::Builtin);
    QCOMPARE(QString::fromStdString(v->typeSyntax->name), canonical);
}

void TstParser::declarators_data() {
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

void TstParser::declarators() {
    QFETCH(QString, decl);
    QFETCH(QString, dump);
    auto unit = parseClean(decl.toStdString());
    QVERIFY(unit);
    QCOMPARE(unit->decls.size(), size_t(1));
    QCOMPARE(QString::fromStdString(dumpDecl(unit->decls[0].get())), dump);
}

void TstParser::pointerQualifiersPerLevel() {
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

void TstParser::addressSpaceAndAccessQualifiers() {
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

void TstParser::kernelAndFunctionFlags() {
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

void TstParser::attributes() {
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

void TstParser::recordsAndEnums() {
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

void TstParser::bitFieldsAndVlasAreParsed() {
    // Not OpenCL C, but parsed so that Sema can reject them with a precise message.
    auto unit = parseClean("struct F { int a : 3; int : 0; unsigned b : 1; };\n"
                           "void f(int n) { float v[n]; }");
    QVERIFY(unit);
    CHECK_DUMP(dumpDecl(unit->decls[0].get()),
               std::string("(struct F { a:int:3; :int:0; b:uint:1; })"));
    CHECK_DUMP(dumpStmt(lastBody(*unit)->at(0).get()),
               std::string("(decl (var v (array n float)))"));
}

void TstParser::initializers() {
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

void TstParser::statements() {
    auto unit =
        parseClean("void f(int n) {\n"
                   "  int i, s = 0;\n"
                   "  for (i = 0; i < n; ++i) s += i;\n"
                   "  for (;;) break;\n"
                   "  while (s > 0) { s--; continue; }\n"
                   "  do s++; while (s < 3);\n"
                   "  if (s) s = 1; else if (n) s = 2; else ;\n"
                   "  if (s) if (n) s = 3; else s = 4;\n"
                   "  switch (n) { case 1: case 2: s = 0; break; default: s = 1; }\n"
                   "  goto done;\n"
                   "done: return;\n"
                   "  __attribute__((opencl_unroll_hint(2))) for (int j = 0; j < 2; j++) {}\n"
                   "}\n");
    QVERIFY(unit);
    std::vector<std::string> dumps;
    for (const StmtPtr& s : *lastBody(*unit))
        dumps.push_back(dumpStmt(s.get()));
    QCOMPARE(toList(dumps),
             toList({
                 "(decl (var i int) (var s int = 0))",
                 "(for (= i 0); (< i n) (++ i) (+= s i);)",
                 "(for _ _ _ break;)",
                 "(while (> s 0) { (post-- s); continue; })",
                 "(do (post++ s); (< s 3))",
                 "(if s (= s 1); else (if n (= s 2); else ;))",
                 "(if s (if n (= s 3); else (= s 4);))",
                 "(switch n { (case 1 (case 2 (= s 0);)) break; (default (= s 1);) })",
                 "(goto done)",
                 "(label done (return))",
                 "(for (decl (var j int = 0)) (< j 2) (post++ j) { })",
             }));
}

void TstParser::sourceRanges() {
    //             1         2         3         4
    //    1234567890123456789012345678901234567890
    auto unit = parseClean("__kernel void k(__global float *p) {\n"
                           "  p[0] = 1.0f + p[1];\n"
                           "  float4 v = (float4)(1, 2, 3, 4);\n"
                           "  if (v.x > 0) return;\n"
                           "}\n");
    QVERIFY(unit);
    const auto* k = static_cast<const FunctionDecl*>(unit->decls[0].get());
    QCOMPARE(rangeText(k->range), QStringLiteral("1:1-5:2"));
    QCOMPARE(rangeText(k->nameRange), QStringLiteral("1:15-1:16"));
    QCOMPARE(rangeText(k->kernelRange), QStringLiteral("1:1-1:9"));
    QCOMPARE(rangeText(k->body->range), QStringLiteral("1:36-5:2"));
    const auto* es = static_cast<const ExprStmt*>(k->body->body[0].get());
    QCOMPARE(rangeText(es->range), QStringLiteral("2:3-2:22"));
    const auto* assign = static_cast<const AssignExpr*>(es->expr.get());
    QCOMPARE(rangeText(assign->range), QStringLiteral("2:3-2:21"));
    QCOMPARE(rangeText(assign->opRange), QStringLiteral("2:8-2:9"));
    QCOMPARE(rangeText(assign->lhs->range), QStringLiteral("2:3-2:7"));
    const auto* plus = static_cast<const BinaryExpr*>(assign->rhs.get());
    QCOMPARE(rangeText(plus->range), QStringLiteral("2:10-2:21"));
    QCOMPARE(rangeText(plus->opRange), QStringLiteral("2:15-2:16"));
    QCOMPARE(rangeText(plus->lhs->range), QStringLiteral("2:10-2:14"));
    const auto* ds = static_cast<const DeclStmt*>(k->body->body[1].get());
    QCOMPARE(rangeText(ds->range), QStringLiteral("3:3-3:35"));
    const auto* v = static_cast<const VarDecl*>(ds->decls[0].get());
    QCOMPARE(rangeText(v->range), QStringLiteral("3:10-3:34"));
    QCOMPARE(rangeText(v->nameRange), QStringLiteral("3:10-3:11"));
    QCOMPARE(rangeText(v->specifierRange), QStringLiteral("3:3-3:9"));
    QCOMPARE(rangeText(v->init->range), QStringLiteral("3:14-3:34"));
    QCOMPARE(rangeText(static_cast<const VectorLiteralExpr*>(v->init.get())->elements[3]->range),
             QStringLiteral("3:32-3:33"));
    const auto* ifs = static_cast<const IfStmt*>(k->body->body[2].get());
    QCOMPARE(rangeText(ifs->range), QStringLiteral("4:3-4:23"));
    const auto* cmp = static_cast<const BinaryExpr*>(ifs->cond.get());
    const auto* member = static_cast<const MemberExpr*>(cmp->lhs.get());
    QCOMPARE(rangeText(member->range), QStringLiteral("4:7-4:10"));
    QCOMPARE(rangeText(member->memberRange), QStringLiteral("4:9-4:10"));
    QCOMPARE(rangeText(ifs->thenStmt->range), QStringLiteral("4:16-4:23"));
}

void TstParser::sourceRangesThroughPreprocessor() {
    // Ranges are mapped back to the original file through the preprocessor's line map.
    SourceManager sources;
    uint32_t id = sources.addFile("ranges.cl", "// comment\n"
                                               "#define N 4\n"
                                               "\n"
                                               "__kernel void k(__global int* a) {\n"
                                               "    a[0] = N;\n"
                                               "}\n");
    PreprocessedSource pp = Preprocessor::run(sources, id, PreprocessorOptions{});
    ParseResult r = parseOpenCL(pp);
    QVERIFY2(r.diagnostics.empty(), qPrintable(diagnosticsText(r.diagnostics)));
    const auto* k = static_cast<const FunctionDecl*>(r.unit->decls[0].get());
    QCOMPARE(k->nameRange.begin.file, id);
    QCOMPARE(rangeText(k->nameRange), QStringLiteral("4:15-4:16"));
    QCOMPARE(rangeText(k->body->body[0]->range).left(8), QStringLiteral("5:5-5:14"));
}

void TstParser::longOperatorChains() {
    // 10,000 terms: flat in the parse tree, folded iteratively, left-associative.
    std::string sum = "a";
    for (int i = 1; i < 10000; ++i)
        sum += "+a";
    auto unit = parseClean("int f(int a) { return " + sum + "; }");
    QVERIFY(unit);
    const auto* ret = static_cast<const ReturnStmt*>(lastBody(*unit)->at(0).get());
    const Expr* e = ret->value.get();
    int depth = 0;
    while (e->kind == ExprKind::Binary) {
        const auto* b = static_cast<const BinaryExpr*>(e);
        QCOMPARE(b->rhs->kind, ExprKind::Name);
        e = b->lhs.get();
        ++depth;
    }
    QCOMPARE(depth, 9999);
    QCOMPARE(rangeText(ret->value->range), QStringLiteral("1:23-1:20022"));

    std::string assign = "a";
    for (int i = 0; i < 5000; ++i)
        assign += " = a ? a : a";
    QVERIFY(parseClean("void g(int a) { " + assign + "; }"));
}

QTEST_APPLESS_MAIN(TstParser)
#include "tst_parser.moc"
