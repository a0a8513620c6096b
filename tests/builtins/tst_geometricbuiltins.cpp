// Tests of the geometric builtins (spec 6.12.5) through the builtin registry: cross, dot,
// distance, length, normalize and the fast_* variants on 1- to 4-component float/double.
#include "TestEnv.h"

#include <QtTest>

#include <cmath>

using namespace clstep;
using namespace clstep::test;

class TestGeometricBuiltins : public QObject {
    Q_OBJECT

private:
    BuiltinTester t;

private slots:
    void overloadResolution() {
        QCOMPARE(t.resolve("dot", {t.arg("float4", {}), t.arg("float4", {})}),
                 std::string("float"));
        QCOMPARE(t.resolve("dot", {t.arg("double3", {}), t.arg("double3", {})}),
                 std::string("double"));
        QCOMPARE(t.resolve("dot", {t.f(1), t.f(2)}), std::string("float"));
        QCOMPARE(t.resolve("dot", {t.arg("float8", {}), t.arg("float8", {})}), std::string(""));
        // A scalar widens to the vector gentype (OpenCL C 6.2.1; clang accepts it).
        QCOMPARE(t.resolve("dot", {t.arg("float4", {}), t.f(1)}), std::string("float"));
        QCOMPARE(t.resolve("cross", {t.arg("float3", {}), t.arg("float3", {})}),
                 std::string("float3"));
        QCOMPARE(t.resolve("cross", {t.arg("float2", {}), t.arg("float2", {})}), std::string(""));
        QCOMPARE(t.resolve("normalize", {t.arg("double2", {})}), std::string("double2"));
        QCOMPARE(t.resolve("length", {t.arg("float3", {})}), std::string("float"));
        QCOMPARE(t.resolve("fast_length", {t.arg("double3", {})}), std::string(""));
        QCOMPARE(t.resolve("fast_normalize", {t.arg("float4", {})}), std::string("float4"));
        QCOMPARE(t.resolve("distance", {t.arg("float2", {}), t.arg("float2", {})}),
                 std::string("float"));
    }

    void dotAndCross() {
        QCOMPARE(t.call("dot", {t.arg("float4", {1, 2, 3, 4}), t.arg("float4", {5, 6, 7, 8})}).f(),
                 70.0f);
        QCOMPARE(t.call("dot", {t.arg("double2", {1e300, 1}), t.arg("double2", {1e-300, -1})}).d(),
                 0.0);
        QCOMPARE(t.call("dot", {t.f(3), t.f(-2)}).f(), -6.0f);
        CallResult r = t.call("cross", {t.arg("float3", {1, 0, 0}), t.arg("float3", {0, 1, 0})});
        QCOMPARE(r.f(0), 0.0f);
        QCOMPARE(r.f(1), 0.0f);
        QCOMPARE(r.f(2), 1.0f);
        r = t.call("cross", {t.arg("double4", {1, 2, 3, 9}), t.arg("double4", {4, 5, 6, 9})});
        QCOMPARE(r.d(0), -3.0);
        QCOMPARE(r.d(1), 6.0);
        QCOMPARE(r.d(2), -3.0);
        QCOMPARE(r.d(3), 0.0); // w is 0
    }

    void lengthAndDistance() {
        QCOMPARE(t.call("length", {t.arg("float2", {3, 4})}).f(), 5.0f);
        QCOMPARE(t.call("length", {t.f(-2)}).f(), 2.0f);
        // No overflow or underflow in the intermediate sum of squares.
        QVERIFY(ulpError<float>(t.call("length", {t.arg("float2", {3e30f, 4e30f})}).f(), 5e30L) <=
                4);
        QVERIFY(ulpError<float>(t.call("length", {t.arg("float2", {3e-30f, 4e-30f})}).f(),
                                static_cast<long double>(5e-30f)) <= 4);
        QVERIFY(ulpError<double>(t.call("length", {t.arg("double3", {1e200, 1e200, 1e200})}).d(),
                                 std::sqrt(3.0L) * 1e200L) <= 4);
        QCOMPARE(t.call("length", {t.arg("float4", {INFINITY, 0, 0, 1})}).f(), INFINITY);
        QCOMPARE(t.call("distance", {t.arg("float3", {1, 2, 3}), t.arg("float3", {4, 6, 3})}).f(),
                 5.0f);
        QCOMPARE(t.call("fast_distance", {t.arg("float2", {0, 0}), t.arg("float2", {6, 8})}).f(),
                 10.0f);
        QVERIFY(ulpError<float>(t.call("fast_length", {t.arg("float4", {1, 1, 1, 1})}).f(), 2.0L) <=
                8192);
    }

    void normalization() {
        CallResult r = t.call("normalize", {t.arg("float3", {3, 0, 4})});
        QCOMPARE(r.f(0), 0.6f);
        QCOMPARE(r.f(1), 0.0f);
        QCOMPARE(r.f(2), 0.8f);
        r = t.call("normalize", {t.arg("double2", {1e-320, 0})}); // denormal input
        QCOMPARE(r.d(0), 1.0);
        r = t.call("normalize", {t.arg("float2", {0.0, -0.0})}); // all zero: returns p
        QVERIFY(sameValue(r.f(0), 0.0f));
        QVERIFY(sameValue(r.f(1), -0.0f));
        r = t.call("normalize", {t.arg("float4", {1, NAN, 0, 0})});
        for (int k = 0; k < 4; ++k)
            QVERIFY(std::isnan(r.f(k)));
        r = t.call("normalize", {t.arg("float3", {-INFINITY, 5, INFINITY})});
        QVERIFY(ulpError<float>(r.f(0), -std::sqrt(0.5L)) <= 4);
        QCOMPARE(r.f(1), 0.0f);
        QVERIFY(ulpError<float>(r.f(2), std::sqrt(0.5L)) <= 4);
        QCOMPARE(t.call("normalize", {t.f(-3)}).f(), -1.0f);
        r = t.call("fast_normalize", {t.arg("float2", {0, 2})});
        QCOMPARE(r.f(1), 1.0f);
    }
};

QTEST_GUILESS_MAIN(TestGeometricBuiltins)
#include "tst_geometricbuiltins.moc"
