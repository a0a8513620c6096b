// Tests of the relational builtins (spec 6.12.6) through the builtin registry: scalar
// results 0/1 (int), vector results -1/0 (intn for floatn, longn for doublen), NaN
// handling, any/all on the most significant bit, bitselect and select on vectors.
#include "TestEnv.h"

#include <QtTest>

#include <cmath>

using namespace clstep;
using namespace clstep::test;

class TestRelationalBuiltins : public QObject {
    Q_OBJECT

private:
    BuiltinTester t;
    static uint64_t s(int64_t v) { return static_cast<uint64_t>(v); }

private slots:
    void resultTypes() {
        QCOMPARE(t.resolve("isequal", {t.f(1), t.f(2)}), std::string("int"));
        QCOMPARE(t.resolve("isequal", {t.d(1), t.d(2)}), std::string("int"));
        QCOMPARE(t.resolve("isequal", {t.arg("float4", {}), t.arg("float4", {})}),
                 std::string("int4"));
        QCOMPARE(t.resolve("isless", {t.arg("double3", {}), t.arg("double3", {})}),
                 std::string("long3"));
        QCOMPARE(t.resolve("isnan", {t.arg("double16", {})}), std::string("long16"));
        QCOMPARE(t.resolve("signbit", {t.arg("float2", {})}), std::string("int2"));
        // A scalar widens to the vector gentype (OpenCL C 6.2.1; clang accepts it).
        QCOMPARE(t.resolve("isequal", {t.arg("float4", {}), t.f(1)}), std::string("int4"));
        QCOMPARE(t.resolve("isequal", {t.i(1), t.i(1)}), std::string(""));
        QCOMPARE(t.resolve("any", {t.intArg("short8", {})}), std::string("int"));
        QCOMPARE(t.resolve("any", {t.intArg("uint4", {})}), std::string(""));
        QCOMPARE(t.resolve("all", {t.i(1)}), std::string("int"));
        QCOMPARE(t.resolve("all", {t.f(1)}), std::string(""));
        QCOMPARE(
            t.resolve("bitselect", {t.arg("float4", {}), t.arg("float4", {}), t.arg("float4", {})}),
            std::string("float4"));
        QCOMPARE(t.resolve("bitselect", {t.i(1), t.i(2), t.i(3)}), std::string("int"));
        QCOMPARE(
            t.resolve("select", {t.arg("float4", {}), t.arg("float4", {}), t.intArg("int4", {})}),
            std::string("float4"));
        QCOMPARE(
            t.resolve("select", {t.arg("float4", {}), t.arg("float4", {}), t.intArg("uint4", {})}),
            std::string("float4"));
        QCOMPARE(
            t.resolve("select", {t.arg("double2", {}), t.arg("double2", {}), t.intArg("int2", {})}),
            std::string("")); // element widths differ
        QCOMPARE(
            t.resolve("select", {t.arg("float4", {}), t.arg("float4", {}), t.intArg("int3", {})}),
            std::string(""));
        QCOMPARE(t.resolve("select", {t.d(1), t.d(2), t.i(1)}), std::string("double"));
        QCOMPARE(t.resolve("select", {t.intArg("uchar16", {}), t.intArg("uchar16", {}),
                                      t.intArg("char16", {})}),
                 std::string("uchar16"));
    }

    void comparisons() {
        struct Case {
            const char* name;
            int expect[4]; // for (1, 2), (2, 2), (3, 2), (NaN, 2)
        };
        const Case cases[] = {
            {"isequal", {0, 1, 0, 0}},       {"isnotequal", {1, 0, 1, 1}},
            {"isgreater", {0, 0, 1, 0}},     {"isgreaterequal", {0, 1, 1, 0}},
            {"isless", {1, 0, 0, 0}},        {"islessequal", {1, 1, 0, 0}},
            {"islessgreater", {1, 0, 1, 0}}, {"isordered", {1, 1, 1, 0}},
            {"isunordered", {0, 0, 0, 1}},
        };
        for (const Case& c : cases) {
            // Scalars: 0 or 1.
            for (int k = 0; k < 4; ++k) {
                const float x = k == 3 ? NAN : float(k + 1);
                QCOMPARE(t.call(c.name, {t.f(x), t.f(2)}).i(), int64_t(c.expect[k]));
                QCOMPARE(t.call(c.name, {t.d(x), t.d(2)}).i(), int64_t(c.expect[k]));
            }
            // Vectors: -1 or 0.
            CallResult r =
                t.call(c.name, {t.arg("float4", {1, 2, 3, NAN}), t.arg("float4", {2, 2, 2, 2})});
            CallResult rd =
                t.call(c.name, {t.arg("double4", {1, 2, 3, NAN}), t.arg("double4", {2, 2, 2, 2})});
            QCOMPARE(rd.typeName(), std::string("long4"));
            for (int k = 0; k < 4; ++k) {
                QVERIFY2(r.i(k) == -c.expect[k], c.name);
                QVERIFY2(rd.i(k) == -c.expect[k], c.name);
            }
        }
    }

    void classification() {
        const float values[8] = {
            0.0f,     -0.0f,     1.0f, -1e-40f, std::numeric_limits<float>::min(),
            INFINITY, -INFINITY, NAN};
        //                       0  -0  1  den min inf -inf nan
        const int finite[8] = {1, 1, 1, 1, 1, 0, 0, 0};
        const int inf[8] = {0, 0, 0, 0, 0, 1, 1, 0};
        const int nan[8] = {0, 0, 0, 0, 0, 0, 0, 1};
        const int normal[8] = {0, 0, 1, 0, 1, 0, 0, 0};
        const int sign[8] = {0, 1, 0, 1, 0, 0, 1, 0};
        Arg v = t.arg("float8", {});
        for (int k = 0; k < 8; ++k)
            v.value.components[k].f = values[k];
        CallResult rf = t.call("isfinite", {v}), ri = t.call("isinf", {v}),
                   rn = t.call("isnan", {v}), rm = t.call("isnormal", {v}),
                   rs = t.call("signbit", {v});
        for (int k = 0; k < 8; ++k) {
            QCOMPARE(rf.i(k), int64_t(-finite[k]));
            QCOMPARE(ri.i(k), int64_t(-inf[k]));
            QCOMPARE(rn.i(k), int64_t(-nan[k]));
            QCOMPARE(rm.i(k), int64_t(-normal[k]));
            QCOMPARE(rs.i(k), int64_t(-sign[k]));
            QCOMPARE(t.call("signbit", {t.f(values[k])}).i(), int64_t(sign[k]));
            // As doubles, the float denormal and FLT_MIN are normal.
            QCOMPARE(t.call("isnormal", {t.d(values[k])}).i(), int64_t(k >= 2 && k <= 4));
        }
        QCOMPARE(t.call("isnormal", {t.d(1e-310)}).i(), int64_t(0));
    }

    void anyAll() {
        QCOMPARE(t.call("any", {t.intArg("int4", {0, 1, 2, 0x7FFFFFFF})}).i(), int64_t(0));
        QCOMPARE(t.call("any", {t.intArg("int4", {0, 0, s(-1), 0})}).i(), int64_t(1));
        QCOMPARE(t.call("all", {t.intArg("int4", {s(-1), s(-1), s(-1), s(INT32_MIN)})}).i(),
                 int64_t(1));
        QCOMPARE(t.call("all",
                        {t.intArg("char16", {s(-1), s(-1), s(-1), s(-1), s(-1), s(-1), s(-1), s(-1),
                                             s(-1), s(-1), s(-1), s(-1), s(-1), s(-1), s(-1), 0})})
                     .i(),
                 int64_t(0));
        QCOMPARE(t.call("any", {t.intArg("long2", {0, 1ull << 63})}).i(), int64_t(1));
        QCOMPARE(t.call("any", {t.i(1)}).i(), int64_t(0)); // MSB only, also for scalars
        QCOMPARE(t.call("all", {t.i(-5)}).i(), int64_t(1));
        // Typical use: any(isless(a, b)).
        CallResult mask = t.call("isless", {t.arg("float2", {1, 5}), t.arg("float2", {2, 2})});
        QCOMPARE(t.call("any", {Arg{mask.type, mask.value}}).i(), int64_t(1));
        QCOMPARE(t.call("all", {Arg{mask.type, mask.value}}).i(), int64_t(0));
    }

    void bitselectBits() {
        QCOMPARE(
            t.call("bitselect", {t.intArg("uint", {0xF0F0F0F0u}), t.intArg("uint", {0x0F0F0F0Fu}),
                                 t.intArg("uint", {0xFFFF0000u})})
                .u(),
            uint64_t(0x0F0FF0F0u));
        CallResult r =
            t.call("bitselect", {t.intArg("char2", {s(-1), 0}), t.intArg("char2", {0, s(-1)}),
                                 t.intArg("char2", {0x0F, 0x0F})});
        QCOMPARE(r.i(0), int64_t(int8_t(0xF0)));
        QCOMPARE(r.i(1), int64_t(0x0F));
        // Floats: take the sign bit from b, the rest from a (copysign).
        Arg signMask = t.arg("float2", {});
        signMask.value.components[0].f = -0.0f;
        signMask.value.components[1].f = -0.0f;
        r = t.call("bitselect", {t.arg("float2", {3, -4}), t.arg("float2", {-1, 1}), signMask});
        QCOMPARE(r.f(0), -3.0f);
        QCOMPARE(r.f(1), 4.0f);
        r = t.call("bitselect", {t.d(1.0), t.d(2.0), t.d(-0.0)});
        QCOMPARE(r.d(), 1.0);
        r = t.call("bitselect", {t.d(1.0), t.d(-2.0), t.d(-0.0)});
        QCOMPARE(r.d(), -1.0);
    }

    void selectComponents() {
        CallResult r =
            t.call("select", {t.arg("float4", {1, 2, 3, 4}), t.arg("float4", {5, 6, 7, 8}),
                              t.intArg("int4", {0, s(-1), 1, s(INT32_MIN)})});
        QCOMPARE(r.f(0), 1.0f);
        QCOMPARE(r.f(1), 6.0f);
        QCOMPARE(r.f(2), 3.0f); // 1 has no MSB: a
        QCOMPARE(r.f(3), 8.0f);
        r = t.call("select", {t.arg("double2", {1, 2}), t.arg("double2", {3, 4}),
                              t.intArg("ulong2", {1ull << 63, 0x7FFFFFFFFFFFFFFFull})});
        QCOMPARE(r.d(0), 3.0);
        QCOMPARE(r.d(1), 2.0);
        r = t.call("select", {t.intArg("uchar4", {1, 2, 3, 4}), t.intArg("uchar4", {9, 9, 9, 9}),
                              t.intArg("uchar4", {0x80, 0x7F, 0xFF, 0})});
        QCOMPARE(r.u(0), uint64_t(9));
        QCOMPARE(r.u(1), uint64_t(2));
        QCOMPARE(r.u(2), uint64_t(9));
        QCOMPARE(r.u(3), uint64_t(4));
        // Scalars: c != 0 selects b.
        QCOMPARE(t.call("select", {t.f(1), t.f(2), t.i(1)}).f(), 2.0f);
        QCOMPARE(t.call("select", {t.f(1), t.f(2), t.i(0)}).f(), 1.0f);
        QCOMPARE(t.call("select", {t.i(-7), t.i(7), t.intArg("uint", {0x80000000u})}).i(),
                 int64_t(7));
        QCOMPARE(t.call("select", {t.d(1), t.d(2), t.i(3)}).d(), 2.0);
    }
};

QTEST_GUILESS_MAIN(TestRelationalBuiltins)
#include "tst_relationalbuiltins.moc"
