// Tests of preprocessing directives inside the arguments of a function-like macro call
// (`F(1,\n#ifdef X\n 2\n#else\n 3\n#endif\n)`). C99 6.10.3p11 leaves this undefined; clang and
// GCC process the directives where they stand, and real kernels (OpenCV's boxFilter) rely on
// it. The expected outputs below are clang-15 -E -P's.

#include "PreprocessorRun.h"
#include "frontend/Program.h"

#include <QElapsedTimer>
#include <QtTest>

#include <memory>
#include <string>

using namespace clstep;
using namespace clstep::test;

class TestMacroArgDirectives : public QObject {
    Q_OBJECT

private slots:
    /// The exact shape, with X undefined and defined (clang: [1|3] and [1|2]).
    void ifdefElseInArgument() {
        const std::string src = "#define F(a,b) [a|b]\n"
                                "F(1,\n#ifdef X\n 2\n#else\n 3\n#endif\n)\n";
        auto r = preprocess(src);
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->compact(), QString("[1|3]"));
        PreprocessorOptions withX;
        withX.defines = {"X"};
        auto d = preprocess(src, withX);
        CHECK_NO_ERRORS(d);
        QCOMPARE(d->compact(), QString("[1|2]"));
    }

    /// OpenCV's boxFilter shape: the groups differ in their number of commas, so without the
    /// directives processed the call has too many arguments.
    void groupsWithCommas() {
        auto r = preprocess("#define EXTRAPOLATE(x, maxV) ((x) % (maxV))\n"
                            "int v = EXTRAPOLATE(i,\n#if 1\n n\n#else\n a, b, c\n#endif\n);\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->compact(), QString("intv=((i)%(n));"));
    }

    /// Nested #if / #elif / #ifndef inside an argument, a group holding a ')' and commas that
    /// is skipped, and a non-macro call (clang: [4|7] <z> foo( a )).
    void nestedConditionals() {
        auto r = preprocess("#define F(a,b) [a|b]\n#define G(a) <a>\n#define X 1\n"
                            "F(4,\n#if X == 2\n 5\n#elif defined(Y)\n 6\n#elif X\n"
                            "#ifndef Z\n 7\n#else\n 8\n#endif\n#else\n 9\n#endif\n)\n"
                            "G(\n#if 0\n,,,)\n#endif\nz)\n"
                            "foo(\n#ifdef X\n a\n#endif\n)\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->compact(), QString("[4|7]<z>foo(a)"));
    }

    /// A conditional opened inside the arguments may close the call in one of its groups
    /// (clang: <a>c).
    void conditionalOutlivesTheCall() {
        auto r = preprocess("#define G(a) <a>\nG(a\n#ifdef X\n)b\n#else\n)c\n#endif\nd\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->compact(), QString("<a>cd"));
    }

    /// #define and #undef inside the arguments take effect where they stand (clang: [1|3] 3).
    void defineInArgument() {
        auto r = preprocess("#define F(a,b) [a|b]\n#define Z 9\n"
                            "F(1,\n#define Y 3\n#undef Z\nY Z)\nY Z\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->compact(), QString("[1|3Z]3Z"));
    }

    /// Tokens of the arguments keep their own positions, and so does everything after the
    /// call: the output keeps its lines, and a later diagnostic is at its file:line:col.
    void positionsAfterTheCall() {
        auto r = preprocess("#define F(a,b) a+b\n"        // 1
                            "int v = F(first,\n"          // 2
                            "#ifdef X\n"                  // 3
                            "  other\n"                   // 4
                            "#else\n"                     // 5
                            "     second\n"               // 6
                            "#endif\n"                    // 7
                            ");\n"                        // 8
                            "int tail;\n"                 // 9
                            "  #error after the call\n"); // 10
        CHECK_DIAG(r, "#error: after the call", 10, 3);
        CHECK_AT(r->origin("first"), r->file, 2, 11);
        CHECK_AT(r->origin("second"), r->file, 6, 6);
        CHECK_AT(r->origin("tail"), r->file, 9, 5);
        QVERIFY2(r->out.text.find("other") == std::string::npos, r->dump().constData());
    }

    /// Through the whole front end: the kernel builds, and a type error after the call is
    /// reported at its own file:line:col.
    void compilerDiagnosticsAfterTheCall() {
        const std::string src = "#define PICK(a, b) ((a) + (b))\n"     // 1
                                "__kernel void k(__global int* p) {\n" // 2
                                "  p[0] = PICK(1,\n"                   // 3
                                "#ifdef WIDE\n"                        // 4
                                "    2, 3\n"                           // 5
                                "#else\n"                              // 6
                                "    4\n"                              // 7
                                "#endif\n"                             // 8
                                "  );\n"                               // 9
                                "  p[1] = undeclared;\n"               // 10
                                "}\n";
        auto program = Program::fromSource("/virtual/k.cl", src, CompileOptions{});
        bool found = false;
        QByteArray all;
        for (const Diagnostic& d : program->diagnostics) {
            all += QByteArray::number(d.range.begin.line) + ":" +
                   QByteArray::number(d.range.begin.column) + " " +
                   QByteArray::fromStdString(d.message) + "\n";
            if (d.severity == Severity::Error) {
                QVERIFY2(d.range.begin.line == 10 && d.range.begin.column == 10, all.constData());
                found = true;
            }
        }
        QVERIFY2(found, all.constData());
    }

    /// A bad #if expression inside an argument is reported at its line; the group is skipped.
    void malformedConditionInArgument() {
        auto r = preprocess("#define F(a,b) [a|b]\nF(1,\n#if 1 +\n 2\n#else\n 3\n#endif\n)\n");
        QVERIFY2(hasErrors(r->out.diagnostics), r->dump().constData());
        QVERIFY2(r->out.diagnostics.front().range.begin.line == 3, r->dump().constData());
        QCOMPARE(r->compact(), QString("[1|3]"));
    }

    /// A conditional left open inside an argument: reported at its line, no hang.
    void unterminatedConditionalInArgument() {
        auto r = preprocess("#define F(a,b) [a|b]\nF(1,\n#ifdef X\n 2\n");
        CHECK_DIAG(r, "unterminated #ifdef", 3, 1);
    }

    /// Hostile input: deeply nested parentheses inside a call, with many directives in them,
    /// stays fast and correct.
    void deepParenthesesWithDirectives() {
        std::string src = "#define F(x) <x>\nF(";
        src += std::string(20000, '(');
        for (int i = 0; i < 2000; ++i)
            src += "\n#if 1\nA\n#else\nB\n#endif\n";
        src += std::string(20000, ')') + ")\n";
        QElapsedTimer timer;
        timer.start();
        auto r = preprocess(src);
        QVERIFY2(timer.elapsed() < 20000, QByteArray::number(timer.elapsed()));
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->compact().count('A'), 2000);
        QCOMPARE(r->compact().count('B'), 0);
    }

    /// Other directives keep their meaning outside calls, and a #if in a skipped group around
    /// a macro name followed by '(' does not confuse the conditionals after it.
    void skippedGroupsStayBalanced() {
        auto r = preprocess("#define F(a) <a>\n#if 0\nF(\n#endif\n#ifdef NOPE\nno\n#else\nyes\n"
                            "#endif\nF(ok)\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->compact(), QString("yes<ok>"));
    }
};

QTEST_APPLESS_MAIN(TestMacroArgDirectives)
#include "tst_macroargdirectives.moc"
