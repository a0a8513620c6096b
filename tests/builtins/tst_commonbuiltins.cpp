// Tests of the common builtins (spec 6.12.4) through the builtin registry: clamp, degrees,
// max, min, mix, radians, step, smoothstep, sign on float/double scalars and vectors,
// including the scalar-argument variants.
#include "TestEnv.h"

#include <QtTest>

#include <cmath>

using namespace clstep;
using namespace clstep::test;

class TestCommonBuiltins : public QObject {
    Q_OBJECT

private:
    BuiltinTester t;
    Arg f4(float a, float b, float c, float d) { return t.arg("float4", {a, b, c, d}); }

private slots:
    void overloadResolution() {
        QCOMPARE(t.resolve("clamp", {t.arg("float4", {}), t.f(0), t.f(1)}), std::string("float4"));
        QCOMPARE(
            t.resolve("clamp", {t.arg("double2", {}), t.arg("double2", {}), t.arg("double2", {})}),
            std::string("double2"));
        QCOMPARE(t.resolve("clamp", {t.f(0.5), t.i(0), t.i(1)}), std::string("float"));
        QCOMPARE(t.resolve("mix", {t.arg("float3", {}), t.arg("float3", {}), t.f(0.5)}),
                 std::string("float3"));
        // A scalar widens to the vector gentype (OpenCL C 6.2.1; clang accepts it).
        QCOMPARE(t.resolve("mix", {t.f(0), t.arg("float3", {}), t.f(0.5)}), std::string("float3"));
        QCOMPARE(t.resolve("step", {t.f(0.5), t.arg("float8", {})}), std::string("float8"));
        QCOMPARE(t.resolve("smoothstep", {t.d(0), t.d(1), t.arg("double4", {})}),
                 std::string("double4"));
        QCOMPARE(t.resolve("sign", {t.i(1)}), std::string(""));
        QCOMPARE(t.resolve("radians", {t.arg("float16", {})}), std::string("float16"));
        QCOMPARE(t.resolve("degrees", {t.arg("float4", {}), t.f(1)}), std::string(""));
    }

    void clampAndMinMax() {
        CallResult r = t.call("clamp", {f4(-1, 0.25f, 2, NAN), t.f(0), t.f(1)});
        QCOMPARE(r.f(0), 0.0f);
        QCOMPARE(r.f(1), 0.25f);
        QCOMPARE(r.f(2), 1.0f);
        r = t.call("clamp", {t.arg("double2", {5, -5}), t.arg("double2", {0, -1}),
                             t.arg("double2", {1, 1})});
        QCOMPARE(r.d(0), 1.0);
        QCOMPARE(r.d(1), -1.0);
        r = t.call("max", {f4(1, -2, 3, -4), t.f(0)});
        QCOMPARE(r.f(0), 1.0f);
        QCOMPARE(r.f(1), 0.0f);
        QCOMPARE(r.f(3), 0.0f);
        r = t.call("min", {f4(1, -2, 3, -4), f4(0, 0, 5, -5)});
        QCOMPARE(r.f(0), 0.0f);
        QCOMPARE(r.f(1), -2.0f);
        QCOMPARE(r.f(2), 3.0f);
        QCOMPARE(r.f(3), -5.0f);
        QCOMPARE(t.call("max", {t.d(-0.5), t.d(-0.25)}).d(), -0.25);
    }

    void degreesRadians() {
        QVERIFY(ulpError<float>(t.call("degrees", {t.f(3.14159265f)}).f(),
                                3.14159265f * (180.0L / 3.141592653589793238462643383279502884L)) <=
                2);
        QVERIFY(ulpError<double>(t.call("radians", {t.d(180)}).d(),
                                 3.141592653589793238462643383279502884L) <= 2);
        CallResult r = t.call("radians", {t.arg("double2", {90, -0.0})});
        QVERIFY(ulpError<double>(r.d(0), 3.141592653589793238462643383279502884L / 2) <= 2);
        QVERIFY(sameValue(r.d(1), -0.0));
        QCOMPARE(t.call("degrees", {t.f(INFINITY)}).f(), INFINITY);
    }

    void mixStepSmoothstep() {
        CallResult r = t.call("mix", {f4(0, 10, -1, 2), f4(10, 20, 1, 2), t.f(0.25f)});
        QCOMPARE(r.f(0), 2.5f);
        QCOMPARE(r.f(1), 12.5f);
        QCOMPARE(r.f(2), -0.5f);
        QCOMPARE(r.f(3), 2.0f);
        r = t.call("mix", {t.arg("double2", {0, 0}), t.arg("double2", {8, 8}),
                           t.arg("double2", {0.5, 1})});
        QCOMPARE(r.d(0), 4.0);
        QCOMPARE(r.d(1), 8.0);
        r = t.call("step", {t.f(0.5f), f4(0, 0.5f, 1, -1)});
        QCOMPARE(r.f(0), 0.0f);
        QCOMPARE(r.f(1), 1.0f); // x < edge is false at the edge
        QCOMPARE(r.f(2), 1.0f);
        QCOMPARE(r.f(3), 0.0f);
        r = t.call("step", {f4(1, 2, 3, 4), f4(2, 2, 2, 2)});
        QCOMPARE(r.f(0), 1.0f);
        QCOMPARE(r.f(2), 0.0f);
        r = t.call("smoothstep", {t.f(0), t.f(1), f4(-1, 0.5f, 2, 0.25f)});
        QCOMPARE(r.f(0), 0.0f);
        QCOMPARE(r.f(1), 0.5f);
        QCOMPARE(r.f(2), 1.0f);
        QCOMPARE(r.f(3), 0.15625f); // t^2 (3 - 2t) at t = 1/4
        QCOMPARE(t.call("smoothstep", {t.d(2), t.d(4), t.d(3)}).d(), 0.5);
    }

    void signFunction() {
        CallResult r =
            t.call("sign", {t.arg("float8", {2, -3, 0.0, -0.0, NAN, INFINITY, -1e-40, 1e-40})});
        QCOMPARE(r.f(0), 1.0f);
        QCOMPARE(r.f(1), -1.0f);
        QVERIFY(sameValue(r.f(2), 0.0f));
        QVERIFY(sameValue(r.f(3), -0.0f));
        QVERIFY(sameValue(r.f(4), 0.0f)); // NaN -> 0.0
        QCOMPARE(r.f(5), 1.0f);
        QCOMPARE(r.f(6), -1.0f); // denormals are not flushed
        QCOMPARE(r.f(7), 1.0f);
        QCOMPARE(t.call("sign", {t.d(-7)}).d(), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestCommonBuiltins)
#include "tst_commonbuiltins.moc"
