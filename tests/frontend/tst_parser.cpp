// Tests of parseOpenCL and the AST builder: every corpus kernel parses without diagnostics;
// expression shapes (precedence, literals, vector literals, swizzles, casts), statements,
// exact source ranges (also through the preprocessor) and long operator chains.
// Declarations and types: tst_parserdeclarations.cpp.

#include "ParseHelpers.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <string>

using namespace clstep;
using namespace clstep::ast;
using namespace clstep::test;

namespace {

const QString kCorpusDir = QStringLiteral(CLSTEP_SOURCE_DIR "/tests/kernels/corpus");

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
    void castVersusParenthesizedExpression();
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
