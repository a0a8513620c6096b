// Tests of CompileOptions::applyBuildOptions: the clBuildProgram option strings that
// `clstep-cli run -b/--build-options` and oclgrind-kernel's --build-options take
// (OpenCL 1.2 API spec 5.6.4).
#include "frontend/CompileOptions.h"

#include <QtTest>

using clstep::CompileOptions;

class TestCompileOptions : public QObject {
    Q_OBJECT
private slots:
    void definesIncludesAndStandard() {
        CompileOptions o;
        std::string error;
        QVERIFY(o.applyBuildOptions("-D N=4 -DM -I inc -Iother -cl-std=CL2.0 -cl-mad-enable -w",
                                    error));
        QCOMPARE(o.defines, (std::vector<std::string>{"N=4", "M"}));
        QCOMPARE(o.includeDirs, (std::vector<std::string>{"inc", "other"}));
        QCOMPARE(o.clVersion, 200);
        QVERIFY(error.empty());
    }

    void quotedValueAndFastMath() {
        CompileOptions o;
        std::string error;
        QVERIFY(o.applyBuildOptions("-D \"GREETING=a b\"  -cl-fast-relaxed-math ", error));
        QCOMPARE(o.defines, (std::vector<std::string>{"GREETING=a b", "__FAST_RELAXED_MATH__=1"}));
        QCOMPARE(o.clVersion, 120); // unchanged
    }

    void emptyStringChangesNothing() {
        CompileOptions o;
        std::string error;
        QVERIFY(o.applyBuildOptions("", error));
        QVERIFY(o.defines.empty());
    }

    void errorsNameTheOption() {
        std::string error;
        CompileOptions a;
        QVERIFY(!a.applyBuildOptions("-DX -cl-no-such-thing", error));
        QVERIFY(error.find("-cl-no-such-thing") != std::string::npos);
        QVERIFY(error.find("CL_INVALID_BUILD_OPTIONS") != std::string::npos);
        QCOMPARE(a.defines, (std::vector<std::string>{"X"})); // options before it applied
        CompileOptions b;
        QVERIFY(!b.applyBuildOptions("-cl-std=CL9.9", error));
        QVERIFY(error.find("CL9.9") != std::string::npos);
        CompileOptions c;
        QVERIFY(!c.applyBuildOptions("-D", error));
        QVERIFY(error.find("needs a value") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCompileOptions)
#include "tst_compileoptions.moc"
