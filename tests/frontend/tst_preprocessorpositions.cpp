// Tests of clstep::Preprocessor (Boost.Wave) positions: `#line` (C99 6.10.4: presumed line
// and file for `__LINE__`/`__FILE__`, while diagnostics keep the real positions) and the map
// from the preprocessed output back to original file:line:column, through comments, includes
// and macro expansions.

#include "PreprocessorRun.h"

#include <QtTest>

#include <string>

using namespace clstep;
using namespace clstep::test;

class TestPreprocessorPositions : public QObject {
    Q_OBJECT

private slots:
    void lineDirectiveAccepted() {
        auto r = preprocess("#line 100 \"other.c\"\nint a;\n# 7 \"x.c\"\nint b;\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString("int a; int b;"));
        CHECK_AT(r->origin("b;"), r->file, 4, 5); // positions stay those of the real file
    }

    /// C99 6.10.4: `#line N "name"` makes the next source line's presumed line number N and
    /// the presumed file name "name" (`__LINE__`, `__FILE__`, also in `#if`, in macro bodies
    /// and stringified); `#line N` alone keeps the presumed name. The CTS's test_basic
    /// `kernel_preprocessor_macros` starts its kernel with `#line 2 "<its own path>"`.
    void lineDirectiveSetsPresumedLineAndFile() {
        auto r = preprocess("#define L __LINE__\n"                            // 1
                            "#define S_(x) #x\n"                              // 2
                            "#define S(x) S_(x)\n"                            // 3
                            "#line 100 \"dir/other.cl\"\n"                    // 4
                            "int a = __LINE__; const char* f = __FILE__;\n"   // 5 -> 100
                            "int b = L; const char* s = S(__LINE__);\n"       // 6 -> 101
                            "#if __LINE__ == 102\n"                           // 7 -> 102
                            "int inIf;\n"                                     //
                            "#endif\n"                                        //
                            "#line 7\n"                                       // 10
                            "int c = __LINE__; const char* g = __FILE__;\n"   // 11 -> 7
                            "#line 20 \"a\\\\b.cl\"\n"                        // 12
                            "const char* h = __FILE__; int d = __LINE__;\n"); // 13 -> 20
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString("int a = 100; const char* f = \"dir/other.cl\"; "
                                          "int b = 101; const char* s = \"101\"; int inIf; "
                                          "int c = 7; const char* g = \"dir/other.cl\"; "
                                          "const char* h = \"a\\\\b.cl\"; int d = 20;"));
        // Diagnostics and the source map keep the real file and lines.
        CHECK_AT(r->origin("int b"), r->file, 6, 1);
        CHECK_AT(r->origin("int d"), r->file, 13, 27);
    }

    /// A `#line` in an included file changes that file's presumed positions only; the
    /// including file's own `#line` goes on after the #include.
    void lineDirectiveIsPerFile() {
        auto run = std::make_unique<PreprocessorRun>();
        run->sources.addFile("/virtual/h.h", "#line 50 \"h-presumed.h\"\n"
                                             "int h = __LINE__; const char* hf = __FILE__;\n");
        run->file = run->sources.addFile("/virtual/main.cl", "#line 10 \"m.cl\"\n"
                                                             "#include \"h.h\"\n"
                                                             "int m = __LINE__; const char* mf = "
                                                             "__FILE__;\n");
        run->out = Preprocessor::run(run->sources, run->file, {});
        CHECK_NO_ERRORS(run);
        QCOMPARE(run->simplified(), QString("int h = 50; const char* hf = \"h-presumed.h\"; "
                                            "int m = 11; const char* mf = \"m.cl\";"));
    }

    /// `#line 0` (C99 6.10.4p3: the digit sequence shall not specify zero; a warning, as in
    /// GCC and clang) and a `#line` without a number change nothing.
    void badLineDirectiveChangesNothing() {
        auto r = preprocess("#line 0 \"x.cl\"\nint a = __LINE__;\n#line x\nint b = __LINE__;\n");
        CHECK_DIAG(r, "line number argument of #line directive", 1, 1, Severity::Warning);
        QVERIFY2(hasErrors(r->out.diagnostics), r->dump().constData());
        QCOMPARE(r->simplified(), QString("int a = 2; int b = 4;"));
    }

    // ---- the map back to original positions ---------------------------------------------------
    void linesArePreserved() {
        const std::string src = "// header comment\n"
                                "#define UNUSED 1\n"
                                "__kernel void k(__global int* p)\n"
                                "{\n"
                                "    /* a comment */ int i = get_global_id(0);\n"
                                "\n"
                                "    p[i] = i;\n"
                                "}\n";
        auto r = preprocess(src);
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->outputLine("__kernel"), 3);
        QCOMPARE(r->outputLine("int i ="), 5);
        QCOMPARE(r->outputLine("p[i]"), 7);
        QCOMPARE(r->outputLine("}"), 8);
        CHECK_AT(r->origin("int i"), r->file, 5, 21);
        CHECK_AT(r->origin("p[i]"), r->file, 7, 5);
    }

    void mappingAfterMultiLineComment() {
        auto r = preprocess("int a;\n/* one\n   two\n   three */ int b;\nint c;\n");
        CHECK_NO_ERRORS(r);
        CHECK_AT(r->origin("int b"), r->file, 4, 13);
        CHECK_AT(r->origin("b;"), r->file, 4, 17);
        QCOMPARE(r->outputLine("int b"), 4);
        CHECK_AT(r->origin("c;"), r->file, 5, 5);
    }

    void mappingAfterInclude() {
        auto run = std::make_unique<PreprocessorRun>();
        const uint32_t header = run->sources.addFile("/virtual/h.h", "int h1;\nint h2;\n");
        run->file = run->sources.addFile(
            "/virtual/m.cl", "int m1;\n#include \"h.h\"\n  int m3; int m3b;\nint m4;\n");
        run->out = Preprocessor::run(run->sources, run->file, {});
        CHECK_NO_ERRORS(run);
        CHECK_AT(run->origin("m1"), run->file, 1, 5);
        CHECK_AT(run->origin("h1"), header, 1, 5);
        CHECK_AT(run->origin("h2"), header, 2, 5);
        CHECK_AT(run->origin("m3;"), run->file, 3, 7);
        CHECK_AT(run->origin("m3b"), run->file, 3, 15);
        CHECK_AT(run->origin("m4"), run->file, 4, 5);
    }

    void mappingOfMacroExpansion() {
        auto r = preprocess("#define TWICE(x) ((x) + (x))\n"
                            "#define ANSWER 42\n"
                            "int u = TWICE(ANSWER); int v = 1;\n"
                            "int w = TWICE(\n"
                            "    value);\n"
                            "int z;\n");
        CHECK_NO_ERRORS(r);
        // body tokens map to the macro's use, argument tokens to their own place; tokens of
        // a macro used inside an argument map to the outermost use
        CHECK_AT(r->origin("(("), r->file, 3, 9);
        CHECK_AT(r->origin("+"), r->file, 3, 9);
        CHECK_AT(r->origin("42"), r->file, 3, 9);
        CHECK_AT(r->origin("v ="), r->file, 3, 28);
        CHECK_AT(r->origin("value"), r->file, 5, 5);
        CHECK_AT(r->origin("+", 1), r->file, 4, 9);
        CHECK_AT(r->origin("z;"), r->file, 6, 5);
        QCOMPARE(r->outputLine("z;"), 6);
    }

    void mappingInIncludedFile() {
        auto run = std::make_unique<PreprocessorRun>();
        const uint32_t header =
            run->sources.addFile("/virtual/lib/util.h",
                                 "// util\n#define SCALE(v) ((v) * 2)\n\nint scaled = SCALE(k);\n");
        run->file = run->sources.addFile("/virtual/main.cl", "#include \"lib/util.h\"\n");
        run->out = Preprocessor::run(run->sources, run->file, {});
        CHECK_NO_ERRORS(run);
        CHECK_AT(run->origin("scaled"), header, 4, 5);
        CHECK_AT(run->origin("(("), header, 4, 14);
        CHECK_AT(run->origin("k"), header, 4, 20);
        CHECK_AT(run->origin("* 2"), header, 4, 14);
    }
};

QTEST_APPLESS_MAIN(TestPreprocessorPositions)
#include "tst_preprocessorpositions.moc"
