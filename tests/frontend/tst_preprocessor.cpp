// Tests of clstep::Preprocessor (Boost.Wave): macros, conditionals, includes, pragmas,
// predefined macros, diagnostics, and robustness against hostile input. `#line` and the map
// back to original positions: tst_preprocessorpositions.

#include "PreprocessorRun.h"

#include <QElapsedTimer>
#include <QtTest>

#include <string>

using namespace clstep;
using namespace clstep::test;

namespace {

const std::string kDataDir = std::string(CLSTEP_SOURCE_DIR) + "/tests/data/preprocessor/";

/// Preprocesses a file of tests/data/preprocessor.
std::unique_ptr<PreprocessorRun> preprocessFile(const std::string& name,
                                                PreprocessorOptions options = {}) {
    QFile f(QString::fromStdString(kDataDir + name));
    if (!f.open(QIODevice::ReadOnly)) return nullptr;
    return preprocess(f.readAll().toStdString(), std::move(options), kDataDir + name);
}

} // namespace

class TestPreprocessor : public QObject {
    Q_OBJECT

private slots:
    // ---- macros and conditionals -------------------------------------------------------------
    void emptyInput() {
        auto r = preprocess("");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString());
    }

    void objectAndFunctionLikeMacros() {
        auto r = preprocess("#define N 10\n"
                            "#define MAX(a, b) ((a) > (b) ? (a) : (b))\n"
                            "#define STR(x) #x\n"
                            "#define CAT(a, b) a ## b\n"
                            "#define CALL(f, ...) f(__VA_ARGS__)\n"
                            "int CAT(var, 1) = MAX(N, 3);\n"
                            "const char* s = STR(a + \"b\");\n"
                            "CALL(g, 1, 2, 3);\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString("int var1 = ((10) > ( 3) ? (10) : ( 3)); "
                                          "const char* s = \"a + \\\"b\\\"\"; g( 1, 2, 3);"));
    }

    void conditionals() {
        auto r =
            preprocess("#define A 2\n"
                       "#if A == 1\nno1\n#elif A == 2 && defined(A)\nyes1\n#else\nno2\n#endif\n"
                       "#ifdef A\nyes2\n#endif\n"
                       "#ifndef B\nyes3\n#endif\n"
                       "#undef A\n"
                       "#if defined A\nno3\n#else\nyes4\n#endif\n"
                       "#if 0\n#if 1\nno4\n#endif\n#else\nyes5\n#endif\n"
                       "#if 0x10 == 16 && 1UL && (3 % 2)\nyes6\n#endif\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString("yes1 yes2 yes3 yes4 yes5 yes6"));
    }

    void tokensStaySeparated() {
        auto r = preprocess("#define NEG -1\n#define E\nint a = -NEG; int b = x E+ +y;\n");
        CHECK_NO_ERRORS(r);
        QVERIFY2(r->out.text.find("--") == std::string::npos, r->out.text.c_str());
        QVERIFY2(r->out.text.find("++") == std::string::npos, r->out.text.c_str());
    }

    void hexFloatsSurvive() {
        auto r = preprocess("#define ID(x) x\n#define CAT(a, b) a##b\n"
                            "float f = 0x1p-3f + ID(0x1.8p3) + CAT(0x, 1p-3f) + 1e-5f;\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString("float f = 0x1p-3f + 0x1.8p3 + 0x1p-3f + 1e-5f;"));
    }

    // ---- predefined macros --------------------------------------------------------------------
    void predefinedMacros() {
        auto r = preprocess(
            "v __OPENCL_VERSION__ __OPENCL_C_VERSION__ CL_VERSION_1_0 CL_VERSION_1_1 "
            "CL_VERSION_1_2 CL_VERSION_2_0 CL_VERSION_3_0 __ENDIAN_LITTLE__\n"
            "#if defined(cl_khr_fp64) && cl_khr_global_int32_base_atomics && "
            "cl_khr_global_int32_extended_atomics && cl_khr_local_int32_base_atomics && "
            "cl_khr_local_int32_extended_atomics && cl_khr_int64_base_atomics && "
            "cl_khr_int64_extended_atomics && cl_khr_byte_addressable_store\nextensions\n#endif\n"
            // cl_khr_fp16 is advertised, so its macro is defined (OpenCL C 6.2.1 / 9.1; CTS
            // test_compiler compiler_defines_for_extensions); images are supported, so
            // __IMAGE_SUPPORT__ is 1 (OpenCL C 1.2 6.10; CTS test_compiler image_macro).
            "fp16 cl_khr_fp16 images __IMAGE_SUPPORT__\n"
            "#if !defined(__FAST_RELAXED_MATH__) && !defined(__OPENCL_CPP_VERSION__) && "
            "!defined(__WAVE__)\nundefined\n#endif\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(),
                 QString("v 120 120 100 110 120 200 300 1 extensions fp16 1 images 1 undefined"));
    }

    void predefinedMacrosFollowOptions() {
        PreprocessorOptions options;
        options.clVersion = 200;
        options.deviceLittleEndian = false;
        auto r = preprocess("__OPENCL_VERSION__ __OPENCL_C_VERSION__\n"
                            "#ifdef __ENDIAN_LITTLE__\nlittle\n#else\nbig\n#endif\n",
                            options);
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString("200 200 big"));
    }

    /// OpenCL C 3.0 feature macros (3.0 spec 6.2.1), as clang-15 defines them: none before
    /// 2.0; from 2.0 the features 2.0 makes mandatory that clstep implements (not pipes nor
    /// device-side enqueue); sub-groups and fp64 only from 3.0. 3D image writes are
    /// implemented: cl_khr_3d_image_writes at every version, its feature from 2.0.
    /// cl_khr_subgroups at no version: the extension requires independent forward progress of
    /// sub-groups, which clstep does not have (3.0 API spec,
    /// CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS); sub-groups are the 3.0 feature.
    void featureMacrosFollowClStd() {
        const std::string probe =
            "#ifdef __opencl_c_generic_address_space\ngeneric\n#endif\n"
            "#ifdef __opencl_c_work_group_collective_functions\ncollectives\n#endif\n"
            "#ifdef __opencl_c_images\nimages\n#endif\n"
            "#ifdef __opencl_c_subgroups\nsubgroups\n#endif\n"
            "#ifdef __opencl_c_3d_image_writes\nwrites3d\n#endif\n"
            "#ifdef __opencl_c_pipes\npipes\n#endif\n"
            "#ifdef cl_khr_3d_image_writes\nkhr3d\n#endif\n"
            "#ifdef cl_khr_subgroups\nkhrsubgroups\n#endif\n";
        const std::pair<int, QString> cases[] = {
            {120, "khr3d"},
            {200, "generic collectives images writes3d khr3d"},
            {300, "generic collectives images subgroups writes3d khr3d"}};
        for (const auto& [version, expected] : cases) {
            PreprocessorOptions options;
            options.clVersion = version;
            auto r = preprocess(probe, options);
            CHECK_NO_ERRORS(r);
            QCOMPARE(r->simplified(), expected);
        }
    }

    void kernelExecMacro() {
        auto r = preprocess("__kernel_exec(64, float4) void k(void) {}\n"
                            "kernel_exec(8, int) void j(void) {}\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(),
                 QString("__kernel __attribute__((work_group_size_hint(64, 1, 1))) "
                         "__attribute__((vec_type_hint( float4))) void k(void) {} "
                         "__kernel __attribute__((work_group_size_hint(8, 1, 1))) "
                         "__attribute__((vec_type_hint( int))) void j(void) {}"));
    }

    void fileAndLineMacros() {
        auto r = preprocess("int a = __LINE__;\n\n#define L __LINE__\nint b = L;\n"
                            "const char* f = __FILE__;\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(),
                 QString("int a = 1; int b = 4; const char* f = \"/virtual/kernel.cl\";"));
    }

    void commandLineDefines() {
        PreprocessorOptions options;
        options.defines = {"FLAG", "SIZE=16", "EMPTY=", "SQ(x)=((x)*(x))", "1bad"};
        auto r = preprocess("FLAG SIZE [EMPTY] SQ(3)\n", options);
        CHECK_DIAG(r, "invalid macro definition '1bad'");
        QCOMPARE(r->simplified(), QString("1 16 [] ((3)*(3))"));
    }

    /// OpenCV's remap passes `-D T=uchar` twice. An identical redefinition is allowed (C99
    /// 6.10.3p2); a different one is a warning and the last wins, as in clang.
    void repeatedCommandLineDefines() {
        PreprocessorOptions options;
        options.defines = {"T=uchar", "cn=1", "T=uchar", "W=int", "W=float"};
        auto r = preprocess("T cn W\n", options);
        CHECK_NO_ERRORS(r);
        CHECK_DIAG(r, "'W' macro redefined", 0, 0, Severity::Warning);
        QCOMPARE(r->out.diagnostics.size(), size_t(1));
        QCOMPARE(r->simplified(), QString("uchar 1 float"));
    }

    // ---- includes -----------------------------------------------------------------------------
    void includeRelativeToIncludingFile() {
        PreprocessorOptions options;
        options.includeDirs = {kDataDir + "sysdir"};
        auto r = preprocessFile("include_main.cl", options);
        QVERIFY(r);
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(),
                 QString("int inSubSecond; int inFirst; int mainLine3; int inSys; "
                         "int mainLine5 = 1 + 2; int inGuarded; int mainLine9 = 3;"));
        // every included file is registered, and its tokens map into it
        const uint32_t first = r->sources.findFile(kDataDir + "sub/first.h");
        const uint32_t second = r->sources.findFile(kDataDir + "sub/second.h");
        const uint32_t sys = r->sources.findFile(kDataDir + "sysdir/sysinc.h");
        QVERIFY(first != 0 && second != 0 && sys != 0);
        QCOMPARE(r->sources.findFile(kDataDir + "second.h"), 0u);
        CHECK_AT(r->origin("inFirst"), first, 4, 5);
        CHECK_AT(r->origin("inSubSecond"), second, 3, 5);
        CHECK_AT(r->origin("inSys"), sys, 1, 5);
        CHECK_AT(r->origin("mainLine3"), r->file, 3, 5);
        CHECK_AT(r->origin("mainLine9"), r->file, 9, 5);
    }

    void includeAngleSearchesIncludeDirsOnly() {
        PreprocessorOptions options;
        options.includeDirs = {kDataDir + "sysdir"};
        auto r = preprocessFile("angle_main.cl", options);
        QVERIFY(r);
        CHECK_DIAG(r, "cannot open include file 'second.h'", 2, 1);
        QVERIFY2(!r->hasDiagnostic("wrong second.h"), r->dump().constData());
        QCOMPARE(r->simplified(), QString("int afterMissing;"));
        const Diagnostic& d = r->out.diagnostics.front();
        QCOMPARE(d.range.begin.file, r->file);
    }

    void missingIncludeContinues() {
        auto r = preprocess("int a;\n  #include \"foo.h\"\nint b;\n");
        CHECK_DIAG(r, "cannot open include file 'foo.h'", 2, 3);
        QCOMPARE(r->simplified(), QString("int a; int b;"));
    }

    void includeFromSourceManager() {
        // An unsaved editor buffer: registered in the SourceManager, not on disk.
        auto run = std::make_unique<PreprocessorRun>();
        const uint32_t header =
            run->sources.addFile("/virtual/dir/inc/h.h", "#define H 7\nint fromHeader = H;\n");
        run->file = run->sources.addFile("/virtual/dir/main.cl", "#include \"inc/h.h\"\nint m;\n");
        run->out = Preprocessor::run(run->sources, run->file, {});
        CHECK_NO_ERRORS(run);
        QCOMPARE(run->simplified(), QString("int fromHeader = 7; int m;"));
        CHECK_AT(run->origin("fromHeader"), header, 2, 5);
        CHECK_AT(run->origin("7"), header, 2, 18); // expansion maps to the use of H
        CHECK_AT(run->origin("m;"), run->file, 2, 5);
    }

    void recursiveIncludeStops() {
        auto r = preprocess("#include \"kernel.cl\"\nint r;\n");
        CHECK_DIAG(r, "#include nested too deeply");
    }

    // ---- pragmas ------------------------------------------------------------------------------
    void extensionPragmas() {
        auto r =
            preprocess("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                       "#pragma OPENCL EXTENSION all : disable\n"
                       "#pragma OPENCL FP_CONTRACT ON\n"
                       "#pragma unroll 4\n"
                       "#pragma STDC FP_CONTRACT OFF\n"
                       "_Pragma(\"OPENCL EXTENSION cl_khr_int64_base_atomics : enable\") int x;\n"
                       "#define FP16 _Pragma(\"OPENCL EXTENSION cl_khr_fp16 : disable\")\n"
                       "FP16 int y;\n");
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->out.extensionPragmas,
                 (std::vector<std::string>{"cl_khr_fp64 : enable", "all : disable",
                                           "cl_khr_int64_base_atomics : enable",
                                           "cl_khr_fp16 : disable"}));
        QVERIFY2(r->out.text.find("pragma") == std::string::npos, r->out.text.c_str());
        QVERIFY2(r->out.text.find("Pragma") == std::string::npos, r->out.text.c_str());
        QCOMPARE(r->simplified(), QString("int x; int y;"));
        QCOMPARE(r->outputLine("int x"), 6);
    }

    void malformedExtensionPragmaWarns() {
        auto r = preprocess("int a;\n#pragma OPENCL EXTENSION cl_khr_fp64 : maybe\n");
        CHECK_DIAG(r, "malformed #pragma OPENCL EXTENSION", 2, 1, Severity::Warning);
        QVERIFY(r->out.extensionPragmas.empty());
    }

    // ---- directive diagnostics ----------------------------------------------------------------
    void errorDirective() {
        auto r = preprocess("int a;\n  #error message text\nint b;\n#warning careful\n");
        CHECK_DIAG(r, "#error: message text", 2, 3);
        CHECK_DIAG(r, "#warning: careful", 4, 1, Severity::Warning);
        QCOMPARE(r->simplified(), QString("int a; int b;"));
    }

    void unterminatedConditional() {
        auto r = preprocess("int a;\n#if 1\nint b;\n#ifdef X\n#endif\n");
        CHECK_DIAG(r, "unterminated #if", 2, 1);
        QCOMPARE(r->out.diagnostics.size(), size_t(1));
    }

    void directiveErrorsRecover() {
        auto r = preprocess("#if 1 +\nno1\n#else\nyes1\n#endif\n" // bad expression: false
                            "#endif\n"                            // no matching #if
                            "#foo bar\n"                          // unknown directive
                            "#if 1/0\n#endif\n"                   // division by zero
                            "#define F(a, b) a b\nF(1)\n"         // too few arguments
                            "#undef __LINE__\n"                   // predefined
                            "last;\n");
        CHECK_DIAG(r, "invalid preprocessor expression", 1, 1);
        CHECK_DIAG(r, "'#endif' without matching #if", 6, 1);
        CHECK_DIAG(r, "invalid preprocessing directive '#foo'", 7, 1);
        CHECK_DIAG(r, "division by zero", 8, 1);
        CHECK_DIAG(r, "too few arguments in invocation of macro 'F'", 11, 1);
        CHECK_DIAG(r, "cannot #undef predefined macro '__LINE__'", 12, 1, Severity::Warning);
        QCOMPARE(r->simplified(), QString("yes1 last;"));
    }

    // ---- hostile input ------------------------------------------------------------------------
    void garbageBytes() {
        static const char bytes[] = "int a\0b;\nint \xff\xfe c;\n@ x;\nint d = 1;\n";
        auto r = preprocess(std::string(bytes, sizeof(bytes) - 1));
        CHECK_DIAG(r, "null character", 1, 6);
        CHECK_DIAG(r, "invalid character 0xFF", 2, 5);
        CHECK_DIAG(r, "invalid character '@'", 3, 1);
        QVERIFY2(r->out.text.find('\xff') == std::string::npos, r->dump().constData());
        QVERIFY(r->out.text.find('\0') == std::string::npos);
        QVERIFY(r->simplified().contains("int d = 1;"));

        std::string noise;
        for (int i = 0; i < 20000; ++i)
            noise += static_cast<char>((i * 7919 + 13) % 256);
        auto n = preprocess(noise);
        QVERIFY(hasErrors(n->out.diagnostics));
    }

    void unterminatedComment() {
        auto r = preprocess("int a;\nint b; /* no end\nint c;\n");
        CHECK_DIAG(r, "unterminated comment", 2, 8);
        QCOMPARE(r->simplified(), QString("int a; int b;"));
    }

    void unterminatedLiterals() {
        auto r = preprocess("char* s = \"abc;\nint x;\nchar c = 'd;\n");
        CHECK_DIAG(r, "unterminated string literal", 1, 11);
        CHECK_DIAG(r, "unterminated character constant", 3, 10);
        QVERIFY(r->simplified().contains("int x;"));
    }

    void largeFile() {
        std::string unit = "#define SQR(a) ((a) * (a))\n"
                           "__kernel void k(__global float* p) { p[0] = SQR(p[1]) + 1.0f; }\n"
                           "/* some comment text to make the file larger */\n";
        std::string text;
        while (text.size() < 5 * 1024 * 1024)
            text += unit;
        QElapsedTimer timer;
        timer.start();
        auto r = preprocess(text);
        qInfo("5 MB file preprocessed in %lld ms", static_cast<long long>(timer.elapsed()));
        CHECK_NO_ERRORS(r);
        QVERIFY(r->out.text.size() > 2 * 1024 * 1024);
        CHECK_AT(r->origin("__kernel", 1000), r->file, 3002, 1);
    }

    void deeplyNestedParenthesesInMacroArgument() {
        const int n = 10000;
        std::string text =
            "#define F(x) x\nint a = F(" + std::string(n, '(') + "1" + std::string(n, ')') + ");\n";
        auto r = preprocess(text);
        CHECK_NO_ERRORS(r);
        QCOMPARE(r->simplified(), QString::fromStdString("int a = " + std::string(n, '(') + "1" +
                                                         std::string(n, ')') + ";"));
    }

    void deeplyNestedConditionalExpression() {
        const int n = 10000;
        auto r = preprocess("#if " + std::string(n, '(') + "1" + std::string(n, ')') +
                            "\nno\n#endif\nafter\n");
        CHECK_DIAG(r, "expression is nested too deeply", 1, 1);
        QCOMPARE(r->simplified(), QString("after"));
    }

    void deeplyNestedMacroCalls() {
        const int n = 10000;
        std::string text = "#define F(x) x\nint a = ";
        for (int i = 0; i < n; ++i)
            text += "F(";
        text += "1" + std::string(n, ')') + ";\nint b = F(2);\n";
        QElapsedTimer timer;
        timer.start();
        auto r = preprocess(text);
        CHECK_DIAG(r, "macro expansion too large", 2, 9);
        QVERIFY(r->simplified().contains("int b = 2;"));
        QVERIFY(timer.elapsed() < 30000);
    }

    void macroBomb() {
        std::string text = "#define X0 a\n";
        for (int i = 1; i < 40; ++i)
            text += "#define X" + std::to_string(i) + " X" + std::to_string(i - 1) + " X" +
                    std::to_string(i - 1) + "\n";
        text += "X39\nint after;\n";
        auto r = preprocess(text);
        CHECK_DIAG(r, "macro expansion too large", 41, 1);
        QVERIFY(r->simplified().contains("int after;"));
    }

    void tooManyErrorsStop() {
        std::string text;
        for (int i = 0; i < 500; ++i)
            text += "#error e\n";
        auto r = preprocess(text);
        QVERIFY(r->out.diagnostics.size() <= 102);
        CHECK_DIAG(r, "too many errors");
    }

    void unknownFileId() {
        SourceManager sources;
        PreprocessedSource out = Preprocessor::run(sources, 5, {});
        QVERIFY(hasErrors(out.diagnostics));
    }
};

QTEST_APPLESS_MAIN(TestPreprocessor)
#include "tst_preprocessor.moc"
