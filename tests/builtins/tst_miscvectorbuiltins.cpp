// Tests of shuffle and shuffle2 (spec 6.12.12) through the builtin registry.
#include "TestEnv.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::test;

class TestMiscVectorBuiltins : public QObject {
    Q_OBJECT

private:
    BuiltinTester t;

private slots:
    void overloadResolution() {
        QCOMPARE(t.resolve("shuffle", {t.arg("float4", {}), t.intArg("uint8", {})}),
                 std::string("float8"));
        QCOMPARE(t.resolve("shuffle", {t.intArg("char16", {}), t.intArg("uchar2", {})}),
                 std::string("char2"));
        QCOMPARE(t.resolve("shuffle", {t.arg("double2", {}), t.intArg("ulong16", {})}),
                 std::string("double16"));
        QCOMPARE(t.resolve("shuffle", {t.arg("float4", {}), t.intArg("int4", {})}),
                 std::string("")); // mask must be unsigned
        QCOMPARE(t.resolve("shuffle", {t.arg("float4", {}), t.intArg("ushort4", {})}),
                 std::string("")); // mask element width must match
        QCOMPARE(t.resolve("shuffle", {t.arg("float3", {}), t.intArg("uint4", {})}),
                 std::string(""));
        QCOMPARE(t.resolve("shuffle", {t.f(1), t.intArg("uint2", {})}), std::string(""));
        QCOMPARE(t.resolve("shuffle2",
                           {t.arg("float4", {}), t.arg("float4", {}), t.intArg("uint2", {})}),
                 std::string("float2"));
        QCOMPARE(t.resolve("shuffle2",
                           {t.arg("float4", {}), t.arg("float8", {}), t.intArg("uint2", {})}),
                 std::string(""));
    }

    void shuffleComponents() {
        // Reverse and broadcast (spec 6.12.12 examples).
        CallResult r =
            t.call("shuffle", {t.arg("float4", {1, 2, 3, 4}), t.intArg("uint4", {3, 2, 1, 0})});
        QCOMPARE(r.f(0), 4.0f);
        QCOMPARE(r.f(3), 1.0f);
        r = t.call("shuffle",
                   {t.arg("float4", {1, 2, 3, 4}), t.intArg("uint8", {0, 0, 0, 0, 1, 1, 1, 1})});
        QCOMPARE(r.typeName(), std::string("float8"));
        QCOMPARE(r.f(3), 1.0f);
        QCOMPARE(r.f(4), 2.0f);
        // Only the low log2(4) bits of a mask element count.
        r = t.call("shuffle",
                   {t.intArg("int4", {10, 20, 30, 40}), t.intArg("uint2", {6, 0xFFFFFFFDu})});
        QCOMPARE(r.i(0), int64_t(30));
        QCOMPARE(r.i(1), int64_t(20));
        r = t.call("shuffle",
                   {t.intArg("uchar16", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}),
                    t.intArg("uchar4", {15, 31, 0, 17})});
        QCOMPARE(r.u(0), uint64_t(15));
        QCOMPARE(r.u(1), uint64_t(15));
        QCOMPARE(r.u(3), uint64_t(1));
    }

    void shuffle2Components() {
        CallResult r = t.call("shuffle2", {t.arg("double2", {1, 2}), t.arg("double2", {3, 4}),
                                           t.intArg("ulong4", {0, 3, 2, 5})});
        QCOMPARE(r.typeName(), std::string("double4"));
        QCOMPARE(r.d(0), 1.0);
        QCOMPARE(r.d(1), 4.0);
        QCOMPARE(r.d(2), 3.0);
        QCOMPARE(r.d(3), 2.0); // 5 & 3 = 1
        r = t.call("shuffle2", {t.intArg("short8", {0, 1, 2, 3, 4, 5, 6, 7}),
                                t.intArg("short8", {8, 9, 10, 11, 12, 13, 14, 15}),
                                t.intArg("ushort2", {15, 16})});
        QCOMPARE(r.i(0), int64_t(15));
        QCOMPARE(r.i(1), int64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestMiscVectorBuiltins)
#include "tst_miscvectorbuiltins.moc"
