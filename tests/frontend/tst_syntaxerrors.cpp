// Tests of syntax and lexical diagnostics from parseOpenCL: exact positions and messages,
// and robustness (garbage bytes, empty input, unterminated comments and literals, deep
// nesting, very long inputs). parseOpenCL must never throw or crash.

#include "frontend/Parser.h"

#include <QtTest>

#include <random>
#include <string>

using namespace clstep;

namespace {

ParseResult parse(const std::string& text) {
    return parseOpenCL(PreprocessedSource::identity(text, 7));
}

QString describe(const Diagnostic& d) {
    return QStringLiteral("%1:%2: %3")
        .arg(d.range.begin.line)
        .arg(d.range.begin.column)
        .arg(QString::fromStdString(d.message));
}

QString describeAll(const std::vector<Diagnostic>& diags) {
    QStringList l;
    for (const Diagnostic& d : diags)
        l << describe(d) +
                 QStringLiteral(" [%1]").arg(QString::fromUtf8(DiagnosticKinds::name(d.kind)));
    return l.join('\n');
}

size_t countKind(const std::vector<Diagnostic>& diags, const std::string& kind) {
    size_t n = 0;
    for (const Diagnostic& d : diags)
        n += DiagnosticKinds::name(d.kind) == kind;
    return n;
}

} // namespace

class TstSyntaxErrors : public QObject {
    Q_OBJECT

private slots:
    void firstError_data();
    void firstError();
    void missingParenHasNoteAtOpeningParen();
    void rangesAndFile();
    void unknownTypeNameRecovery();
    void emptyAndBlankInput();
    void garbageBytes();
    void unterminatedComment();
    void unterminatedLiterals();
    void deeplyNestedParentheses();
    void deeplyNestedStatementsAndOperators();
    void tooManyErrorsAreCapped();
    void fiveMegabytesOfGarbage();
    void fiveMegabytesOfValidCode();
};

void TstSyntaxErrors::firstError_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected"); // "line:col: message" of the first diagnostic
    QTest::addColumn<int>("count");
    auto row = [](const char* name, const char* src, const char* expected, int count = 1) {
        QTest::newRow(name) << src << expected << count;
    };
    row("missing ; after declaration", "void f() {\n  int x = 1\n  x = 2;\n}\n",
        "2:12: expected ';' at end of declaration");
    row("missing ; after expression", "void f(int a) {\n  a = a + 1\n}\n",
        "2:12: expected ';' after expression");
    row("missing ; after return", "void f(int a) {\n  return a\n}\n",
        "2:11: expected ';' after return statement");
    row("missing ; after break", "void f(int a) {\n  break\n}\n",
        "2:8: expected ';' after 'break'");
    row("missing ; in for", "void f(int a) {\n  for (int i = 0; i < 3 i++) {}\n}\n",
        "2:24: expected ';' in 'for' statement");
    row("missing ; after do-while", "void f() { do { } while (1) }",
        "1:28: expected ';' after do/while statement");
    row("missing ; between expressions", "void f(int a) {\n  a = b c;\n}\n",
        "2:8: expected ';' after expression");
    row("missing ; before }", "void f(int a) {\n  g(a)\n}\n", "2:7: expected ';' after expression");
    row("missing ; after name before }", "void f(int a) {\n  a\n}\n",
        "2:4: expected ';' after expression");
    row("missing ) in call", "void f(int a) {\n  foo(a, 2;\n}\n", "2:11: missing ')'");
    row("missing ) in if", "void f(int a) {\n  if (a > 0 {\n    a = 1;\n  }\n}\n",
        "2:13: missing ')'");
    row("missing ) in vector literal", "void f(int a) {\n  a = (float4)(1, 2;\n}\n",
        "2:20: missing ')'");
    row("missing ]", "void f(int a) {\n  a[0 = 1;\n}\n", "2:10: missing ']'");
    row("missing } at end of file", "void f() {}\nint g() {\n", "3:1: missing '}' at end of file");
    row("missing } single statement", "void f(int a) {\n  a = 1;\n",
        "3:1: missing '}' at end of file");
    row("extra } at file scope", "int x = 1;\n}\n", "2:1: unexpected token '}'");
    row("extra } after function", "int f(int a) { return a; } }", "1:28: unexpected token '}'");
    row("expected expression", "void f(int a) {\n  int b = ;\n}\n",
        "2:11: expected expression before ';'");
    row("operator without operand", "void f(int a) {\n  a = 1 +;\n}\n",
        "2:10: expected expression before ';'");
    row("stray dot", "void f(int a) {\n  a = .;\n}\n", "2:7: expected expression before '.'");
    row("else without if", "void f(int a) {\n  else a = 1;\n}\n",
        "2:3: expected statement before 'else'");
    row("do without while", "void f(int a) {\n  while (a) do a--;\n}\n",
        "3:1: expected 'while' before '}'");
    row("case without colon", "int f(int a) { switch (a) { case 1 return 2; } }",
        "1:36: expected ':' before 'return'");
    row("member declaration", "struct S { int a int b; };",
        "1:17: expected ';' at end of declaration");
    row("unknown type in statement", "void f(int a) {\n  uint32_t b = a;\n  uint32_t c = b;\n}\n",
        "2:3: unknown type name 'uint32_t'");
    row("unknown type in parameter", "void f(__global uint8_t* p) {}",
        "1:17: unknown type name 'uint8_t'");
    row("unknown type at file scope", "vec3 position;", "1:1: unknown type name 'vec3'");
    row("invalid type combination", "void f() { unsigned float x; }",
        "1:12: invalid combination of type specifiers 'unsigned float'");
    row("duplicate type", "void f() { int int x; }",
        "1:12: invalid combination of type specifiers 'int int'");
    row("long double", "long double x;", "1:1: 'long double' is not supported in OpenCL C");
    row("typedef initializer", "typedef int T = 5;", "1:17: a typedef cannot have an initializer");
    row("kernel variable", "__kernel int x;", "1:1: '__kernel' can only be applied to functions");
    row("two address spaces", "__global __local int *p;",
        "1:10: multiple address space qualifiers ('__global' and '__local')");
    row("octal digit", "int x = 09;", "1:9: invalid digit '9' in octal constant");
    row("integer suffix", "int x = 12q;", "1:9: invalid suffix 'q' on integer constant");
    row("float suffix on int", "float x = 1f;", "1:11: invalid suffix 'f' on integer constant");
    row("float suffix", "float x = 1.0d;", "1:11: invalid suffix 'd' on floating constant");
    row("exponent digits", "float x = 1e+;", "1:11: exponent has no digits");
    row("hex float exponent", "float x = 0x1.8;",
        "1:11: hexadecimal floating constant requires an exponent");
    row("empty hex", "int x = 0x;", "1:9: invalid hexadecimal constant '0x'");
    row("too large integer", "long x = 123456789012345678901;",
        "1:10: integer literal is too large to be represented in any integer type");
    row("hex escape", "char c = '\\x100';", "1:10: hex escape sequence out of range");
    row("empty char", "char c = '';", "1:10: empty character constant");
    row("stray @", "int x @ = 2;", "1:7: stray '@' in program");
    row("stray # mid-line", "int x = 1; # int y;", "1:12: stray '#' in program");
    row("two errors", "void f() {\n  x = ;\n  y = ;\n}\n", "2:7: expected expression before ';'",
        2);
}

void TstSyntaxErrors::firstError() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QFETCH(int, count);
    ParseResult r = parse(source.toStdString());
    QVERIFY2(!r.diagnostics.empty(), "no diagnostic");
    QVERIFY(r.unit);
    QCOMPARE(describe(r.diagnostics.front()), expected);
    QCOMPARE(r.diagnostics.front().severity, Severity::Error);
    QCOMPARE(QString::fromUtf8(DiagnosticKinds::name(r.diagnostics.front().kind)),
             QStringLiteral("syntax-error"));
    QVERIFY2(r.diagnostics.size() == size_t(count), qPrintable(describeAll(r.diagnostics)));
}

void TstSyntaxErrors::missingParenHasNoteAtOpeningParen() {
    ParseResult r = parse("void f(int a) {\n  a = g(h(1), 2;\n}\n");
    QCOMPARE(r.diagnostics.size(), size_t(1));
    const Diagnostic& d = r.diagnostics[0];
    QCOMPARE(describe(d), QStringLiteral("2:16: missing ')'"));
    QCOMPARE(d.notes.size(), size_t(1));
    QCOMPARE(d.notes[0].range.begin.line, 2u);
    QCOMPARE(d.notes[0].range.begin.column, 8u);
    QCOMPARE(QString::fromStdString(d.notes[0].message), QStringLiteral("to match this '('"));
}

void TstSyntaxErrors::rangesAndFile() {
    ParseResult r = parse("void f() {\n  return 1\n}\n");
    QCOMPARE(r.diagnostics.size(), size_t(1));
    // Reported just after the previous token, like clang: an empty range at 2:11.
    QCOMPARE(r.diagnostics[0].range.begin, (SourceLocation{7, 2, 11}));
    QCOMPARE(r.diagnostics[0].range.end, (SourceLocation{7, 2, 11}));
    r = parse("void f() { x = ; }");
    QCOMPARE(r.diagnostics[0].range.begin, (SourceLocation{7, 1, 16}));
    QCOMPARE(r.diagnostics[0].range.end, (SourceLocation{7, 1, 17}));
}

void TstSyntaxErrors::unknownTypeNameRecovery() {
    // After "unknown type name", the name is taken as a type: no cascade of errors, and the
    // rest of the function is still in the AST.
    ParseResult r = parse("__kernel void k(__global uint32_t* a) {\n"
                          "  uint32_t x = a[0];\n"
                          "  a[1] = x;\n"
                          "}\n");
    QVERIFY2(r.diagnostics.size() == 1, qPrintable(describeAll(r.diagnostics)));
    QCOMPARE(describe(r.diagnostics[0]), QStringLiteral("1:26: unknown type name 'uint32_t'"));
    QCOMPARE(r.unit->decls.size(), size_t(1));
    const auto* k = static_cast<const ast::FunctionDecl*>(r.unit->decls[0].get());
    QVERIFY(k->body);
    QCOMPARE(k->body->body.size(), size_t(2));
}

void TstSyntaxErrors::emptyAndBlankInput() {
    for (const char* text : {"", " ", "\n\n\n", "// only a comment", "/* block */", ";;;",
                             "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"}) {
        ParseResult r = parse(text);
        QVERIFY2(r.diagnostics.empty(), qPrintable(describeAll(r.diagnostics)));
        QVERIFY(r.unit);
        QVERIFY(r.unit->decls.empty());
    }
}

void TstSyntaxErrors::garbageBytes() {
    std::string text = "int a;\nint b\xff\xfe = 1;\n";
    text += std::string("int c = 2;\x00\x01\n", 13);
    text += "char* s = \"h\xc3\xa9llo\";\n"; // UTF-8 inside a string literal is fine
    ParseResult r = parse(text);
    QVERIFY2(r.diagnostics.size() == 2, qPrintable(describeAll(r.diagnostics)));
    QCOMPARE(describe(r.diagnostics[0]),
             QStringLiteral("2:6: invalid character '\\xff' in source"));
    QCOMPARE(r.diagnostics[0].range.end.column, 8u); // the run of two bad bytes
    QCOMPARE(describe(r.diagnostics[1]),
             QStringLiteral("3:11: invalid character '\\x00' in source"));
    QCOMPARE(r.unit->decls.size(), size_t(4));
    const auto* s = static_cast<const ast::VarDecl*>(r.unit->decls[3].get());
    QCOMPARE(static_cast<const ast::StringLiteralExpr*>(s->init.get())->value,
             std::string("h\xc3\xa9llo"));

    // Random binary input of every byte value: diagnostics, no crash, no exception.
    std::mt19937 rng(42);
    for (int round = 0; round < 20; ++round) {
        std::string bytes(4096, '\0');
        for (char& c : bytes)
            c = static_cast<char>(rng() & 0xff);
        ParseResult g = parse(bytes);
        QVERIFY(g.unit);
        QVERIFY(!g.diagnostics.empty());
        QVERIFY(g.diagnostics.size() <= 21);
    }
}

void TstSyntaxErrors::unterminatedComment() {
    ParseResult r = parse("int a;\n  /* never closed\nint b;\n");
    QVERIFY2(r.diagnostics.size() == 1, qPrintable(describeAll(r.diagnostics)));
    QCOMPARE(describe(r.diagnostics[0]), QStringLiteral("2:3: unterminated comment"));
    QCOMPARE(r.diagnostics[0].range.end.column, 5u);
    QCOMPARE(r.unit->decls.size(), size_t(1));
    // A comment that is closed is fine, even with stars and slashes inside.
    QVERIFY(parse("/** a * b / c **/ int x; /*/ still comment */").diagnostics.empty());
}

void TstSyntaxErrors::unterminatedLiterals() {
    ParseResult r = parse("void f() {\n  char* s = \"abc;\n  int y = 2;\n}\n");
    QVERIFY(!r.diagnostics.empty());
    QCOMPARE(describe(r.diagnostics[0]), QStringLiteral("2:13: unterminated string literal"));
    QCOMPARE(r.diagnostics[0].range.end, (SourceLocation{7, 2, 18}));

    r = parse("char c = 'a;\nint y;\n");
    QVERIFY(!r.diagnostics.empty());
    QCOMPARE(describe(r.diagnostics[0]), QStringLiteral("1:10: unterminated character constant"));

    r = parse("char* s = \"no end");
    QVERIFY(!r.diagnostics.empty());
    QCOMPARE(describe(r.diagnostics[0]), QStringLiteral("1:11: unterminated string literal"));
}

void TstSyntaxErrors::deeplyNestedParentheses() {
    // 10,000 nested parentheses: one "nesting-too-deep" diagnostic at the 257th '('.
    std::string text = "int x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + ";";
    ParseResult r = parse(text);
    QCOMPARE(r.diagnostics.size(), size_t(1));
    QCOMPARE(QString::fromUtf8(DiagnosticKinds::name(r.diagnostics[0].kind)),
             QStringLiteral("nesting-too-deep"));
    QCOMPARE(r.diagnostics[0].range.begin, (SourceLocation{7, 1, 9 + 256}));
    QVERIFY(r.unit);

    // Mixed brackets count together; 256 levels are still accepted.
    std::string ok = "int f(int a[1]) { return ";
    for (int i = 0; i < 250; ++i)
        ok += "a[(";
    ok += "0";
    for (int i = 0; i < 250; ++i)
        ok += ")]";
    ok += "; }";
    r = parse(ok);
    QCOMPARE(countKind(r.diagnostics, "nesting-too-deep"), size_t(1));
    std::string fine = "int x = " + std::string(255, '(') + "1" + std::string(255, ')') + ";";
    QVERIFY2(parse(fine).diagnostics.empty(), "255 levels must parse");
    std::string braces = "int x[1] = " + std::string(300, '{') + "1" + std::string(300, '}') + ";";
    QCOMPARE(countKind(parse(braces).diagnostics, "nesting-too-deep"), size_t(1));
}

void TstSyntaxErrors::deeplyNestedStatementsAndOperators() {
    // Not bracket nesting, but deep recursion in a recursive-descent parser: rejected with
    // "nesting-too-deep" instead of overflowing the stack.
    std::string ifs = "void f(int a) { ";
    for (int i = 0; i < 20000; ++i)
        ifs += "if (a) ";
    ifs += "a = 1; }";
    ParseResult r = parse(ifs);
    QCOMPARE(countKind(r.diagnostics, "nesting-too-deep"), size_t(1));

    std::string unary = "int f(int a) { return " + std::string(40000, '-') + "a; }";
    // "--" pairs lex as decrements: 20,000 nested pre-decrements.
    r = parse(unary);
    QCOMPARE(countKind(r.diagnostics, "nesting-too-deep"), size_t(1));

    // Long but flat chains are fine.
    std::string chain = "int f(int a) { return a";
    for (int i = 0; i < 10000; ++i)
        chain += i % 2 ? " * a" : " - a";
    chain += "; }";
    QVERIFY2(parse(chain).diagnostics.empty(), "10,000-term chain must parse");
    std::string elif = "void f(int a) { if (a == 0) a = 1;";
    for (int i = 1; i < 2000; ++i)
        elif += " else if (a == " + std::to_string(i) + ") a = 1;";
    elif += " }";
    QVERIFY2(parse(elif).diagnostics.empty(), "2,000 else-if must parse");
    // The same chain with an error is reparsed in LL mode: still one error (and fast: the
    // dangling-else decision never needs full-context prediction).
    r = parse(elif.substr(0, elif.size() - 2) + " a = 2 }");
    QCOMPARE(r.diagnostics.size(), size_t(1));
    QCOMPARE(QString::fromStdString(r.diagnostics[0].message),
             QStringLiteral("expected ';' after expression"));
}

void TstSyntaxErrors::tooManyErrorsAreCapped() {
    std::string text = "void f() {\n";
    for (int i = 0; i < 100; ++i)
        text += "  x = ;\n";
    text += "}\n";
    ParseResult r = parse(text);
    QCOMPARE(countKind(r.diagnostics, "syntax-error"), size_t(20));
    QCOMPARE(countKind(r.diagnostics, "too-many-errors"), size_t(1));
    QCOMPARE(r.diagnostics.back().severity, Severity::Note);
    QCOMPARE(describe(r.diagnostics[19]), QStringLiteral("21:7: expected expression before ';'"));
}

void TstSyntaxErrors::fiveMegabytesOfGarbage() {
    std::mt19937 rng(7);
    std::string bytes(5 * 1024 * 1024, '\0');
    for (char& c : bytes)
        c = static_cast<char>(rng() & 0xff);
    ParseResult r = parse(bytes);
    QVERIFY(r.unit);
    QVERIFY(!r.diagnostics.empty());
    QVERIFY(countKind(r.diagnostics, "syntax-error") <= 20);
}

void TstSyntaxErrors::fiveMegabytesOfValidCode() {
    std::string text = "typedef struct { float4 pos; float mass; } Body;\n";
    for (int i = 0; text.size() < 5 * 1024 * 1024; ++i) {
        std::string n = std::to_string(i);
        text +=
            "__kernel void k" + n +
            "(__global float4* out, __global const Body* b, __local float* tmp) {\n"
            "  size_t gid = get_global_id(0);\n"
            "  float4 v = (float4)(b[gid].pos.xyz, 1.0f) * b[gid].mass;\n"
            "  for (int j = 0; j < 4; ++j) { tmp[j] = v.x + j; barrier(CLK_LOCAL_MEM_FENCE); }\n"
            "  out[gid] = v + (float4)(tmp[0]);\n"
            "}\n";
    }
    ParseResult r = parse(text);
    QVERIFY2(r.diagnostics.empty(), qPrintable(describeAll(r.diagnostics)));
    QVERIFY(r.unit->decls.size() > 10000);
    // A syntax error at the very end is still found and reported at the right line.
    const int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    text += "int broken = ;\n";
    r = parse(text);
    QCOMPARE(r.diagnostics.size(), size_t(1));
    QCOMPARE(describe(r.diagnostics[0]),
             QStringLiteral("%1:14: expected expression before ';'").arg(lines + 1));
}

QTEST_APPLESS_MAIN(TstSyntaxErrors)
#include "tst_syntaxerrors.moc"
