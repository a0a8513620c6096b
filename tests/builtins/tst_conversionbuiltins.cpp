// Tests of convert_<T>[_sat][_rte|_rtz|_rtp|_rtn] (spec 6.2.3) and as_<T> (spec 6.2.4.2)
// through the builtin registry: rounding on .5 cases, saturation, NaN, 64-bit integer to
// float rounding, double to float rounding with overflow and underflow, and reinterpretation
// of little-endian component bytes.
#include "TestEnv.h"

#include <QtTest>

#include <cfloat>
#include <climits>
#include <cmath>

using namespace clstep;
using namespace clstep::test;

class TestConversionBuiltins : public QObject {
    Q_OBJECT

private:
    BuiltinTester t;
    static uint64_t s(int64_t v) { return static_cast<uint64_t>(v); }
    int64_t conv(const char* name, Arg a) { return t.call(name, {a}).i(); }
    float convF(const char* name, Arg a) { return t.call(name, {a}).f(); }

private slots:
    void registeredNames() {
        const BuiltinRegistry& reg = BuiltinRegistry::instance();
        QVERIFY(reg.contains("convert_int4_sat_rte"));
        QVERIFY(reg.contains("convert_ulong16_rtn"));
        QVERIFY(reg.contains("convert_double3"));
        QVERIFY(reg.contains("convert_float_rtz"));
        QVERIFY(!reg.contains("convert_float_sat")); // no _sat for floating destinations
        QVERIFY(!reg.contains("convert_bool"));
        QVERIFY(reg.contains("as_float3"));
        QVERIFY(reg.contains("as_ulong"));
    }

    void overloadResolution() {
        QCOMPARE(t.resolve("convert_int4", {t.arg("float4", {})}), std::string("int4"));
        QCOMPARE(t.resolve("convert_int4", {t.arg("float3", {})}), std::string(""));
        QCOMPARE(t.resolve("convert_int4", {t.f(1)}), std::string(""));
        QCOMPARE(t.resolve("convert_float", {t.i(1)}), std::string("float"));
        QCOMPARE(t.resolve("convert_uchar16_sat", {t.arg("double16", {})}), std::string("uchar16"));
        QCOMPARE(t.resolve("as_uint", {t.f(1)}), std::string("uint"));
        QCOMPARE(t.resolve("as_int", {t.d(1)}), std::string(""));
        QCOMPARE(t.resolve("as_float3", {t.intArg("int4", {})}), std::string("float3"));
        QCOMPARE(t.resolve("as_int4", {t.arg("float3", {})}), std::string("int4"));
        QCOMPARE(t.resolve("as_char4", {t.i(1)}), std::string("char4"));
        QCOMPARE(t.resolve("as_char3", {t.i(1)}), std::string("char3")); // char3 has 4 bytes
        QCOMPARE(t.resolve("as_double", {t.intArg("long", {1})}), std::string("double"));
        QCOMPARE(t.resolve("as_ulong", {t.arg("float2", {})}), std::string("ulong"));
        QCOMPARE(t.resolve("as_short", {t.i(1)}), std::string(""));
    }

    void reinterpret() {
        QCOMPARE(t.call("as_uint", {t.f(1.0f)}).u(), uint64_t(0x3f800000));
        QCOMPARE(t.call("as_float", {t.intArg("uint", {0x3f800000})}).f(), 1.0f);
        QCOMPARE(t.call("as_int", {t.f(-0.0f)}).i(), int64_t(INT_MIN));
        CallResult r = t.call("as_char4", {t.intArg("int", {0x01020384})});
        QCOMPARE(r.i(0), int64_t(int8_t(0x84))); // little-endian component bytes, sign-extended
        QCOMPARE(r.i(1), int64_t(3));
        QCOMPARE(r.i(3), int64_t(1));
        r = t.call("as_int2", {t.d(-0.0)});
        QCOMPARE(r.i(0), int64_t(0));
        QCOMPARE(r.i(1), int64_t(INT_MIN));
        QCOMPARE(t.call("as_ulong", {t.d(1.0)}).u(), uint64_t(0x3ff0000000000000ull));
        QCOMPARE(t.call("as_double", {t.intArg("ulong", {0x4000000000000000ull})}).d(), 2.0);
        r = t.call("as_float2", {t.intArg("ushort4", {0, 0x3f80, 0, 0xc000})});
        QCOMPARE(r.f(0), 1.0f);
        QCOMPARE(r.f(1), -2.0f);
        r = t.call("as_uint3", {t.arg("float4", {1, 2, 3, 4})}); // 4 -> 3 keeps the bits
        QCOMPARE(r.typeName(), std::string("uint3"));
        QCOMPARE(r.u(2), uint64_t(0x40400000));
        r = t.call("as_uchar16", {t.arg("double2", {1.0, -2.0})});
        QCOMPARE(r.u(7), uint64_t(0x3f));
        QCOMPARE(r.u(6), uint64_t(0xf0));
        QCOMPARE(r.u(15), uint64_t(0xc0));
        Arg bits = t.intArg("uint", {0x7fc00001});
        QCOMPARE(t.call("as_uint", {Arg{t.type("float"), t.call("as_float", {bits}).value}}).u(),
                 uint64_t(0x7fc00001)); // NaN payloads survive
    }

    void floatToIntRounding() {
        QCOMPARE(conv("convert_int", t.f(2.5f)), int64_t(2)); // default: rtz
        QCOMPARE(conv("convert_int", t.f(-2.9f)), int64_t(-2));
        QCOMPARE(conv("convert_int_rte", t.f(2.5f)), int64_t(2));
        QCOMPARE(conv("convert_int_rte", t.f(3.5f)), int64_t(4));
        QCOMPARE(conv("convert_int_rte", t.f(-2.5f)), int64_t(-2));
        QCOMPARE(conv("convert_int_rte", t.f(-3.5f)), int64_t(-4));
        QCOMPARE(conv("convert_int_rtp", t.f(2.1f)), int64_t(3));
        QCOMPARE(conv("convert_int_rtp", t.f(-2.5f)), int64_t(-2));
        QCOMPARE(conv("convert_int_rtn", t.f(-2.1f)), int64_t(-3));
        QCOMPARE(conv("convert_int_rtn", t.f(2.5f)), int64_t(2));
        QCOMPARE(conv("convert_int_rtz", t.f(-2.5f)), int64_t(-2));
        QCOMPARE(conv("convert_long_rte", t.d(4503599627370495.5)), int64_t(4503599627370496));
        CallResult r = t.call("convert_short4_rte", {t.arg("float4", {0.5, 1.5, -0.5, -1.5})});
        QCOMPARE(r.i(0), int64_t(0));
        QCOMPARE(r.i(1), int64_t(2));
        QCOMPARE(r.i(2), int64_t(0));
        QCOMPARE(r.i(3), int64_t(-2));
    }

    void floatToIntSaturation() {
        QCOMPARE(conv("convert_uchar_sat", t.f(300)), int64_t(255));
        QCOMPARE(conv("convert_uchar_sat", t.f(-5)), int64_t(0));
        QCOMPARE(conv("convert_uchar_sat_rte", t.f(254.5f)), int64_t(254));
        QCOMPARE(conv("convert_uchar_sat_rte", t.f(255.5f)), int64_t(255));
        QCOMPARE(conv("convert_uchar_sat_rtp", t.f(254.5f)), int64_t(255));
        QCOMPARE(conv("convert_char_sat_rte", t.f(-128.5f)), int64_t(-128));
        QCOMPARE(conv("convert_char_sat_rtn", t.f(-128.5f)), int64_t(-128));
        QCOMPARE(conv("convert_char_sat_rtp", t.f(126.5f)), int64_t(127));
        QCOMPARE(conv("convert_int_sat", t.f(NAN)), int64_t(0));
        QCOMPARE(conv("convert_int_sat", t.f(INFINITY)), int64_t(INT_MAX));
        QCOMPARE(conv("convert_int_sat", t.f(-INFINITY)), int64_t(INT_MIN));
        QCOMPARE(conv("convert_int_sat", t.f(2147483648.0f)), int64_t(INT_MAX));
        QCOMPARE(conv("convert_long_sat", t.f(1e30f)), int64_t(LLONG_MAX));
        QCOMPARE(conv("convert_long_sat", t.d(-9223372036854775808.0)), int64_t(LLONG_MIN));
        QCOMPARE(t.call("convert_ulong_sat", {t.d(-1)}).u(), uint64_t(0));
        QCOMPARE(t.call("convert_ulong_sat", {t.d(18446744073709551616.0)}).u(), ~0ull);
        QCOMPARE(t.call("convert_ulong_sat", {t.d(18446744073709549568.0)}).u(),
                 uint64_t(18446744073709549568ull));
        QCOMPARE(t.call("convert_uint_sat_rtp", {t.f(0.5f)}).u(), uint64_t(1));
        QCOMPARE(t.call("convert_uint_sat_rtn", {t.f(-0.5f)}).u(), uint64_t(0));
    }

    void intToInt() {
        QCOMPARE(conv("convert_uchar", t.i(300)), int64_t(44)); // wraps
        QCOMPARE(conv("convert_uchar_sat", t.i(300)), int64_t(255));
        QCOMPARE(conv("convert_char", t.intArg("uint", {200})), int64_t(-56));
        QCOMPARE(conv("convert_char_sat", t.intArg("uint", {200})), int64_t(127));
        QCOMPARE(t.call("convert_uint_sat", {t.i(-1)}).u(), uint64_t(0));
        QCOMPARE(t.call("convert_uint", {t.i(-1)}).u(), uint64_t(0xFFFFFFFFu));
        QCOMPARE(conv("convert_int_sat", t.intArg("ulong", {~0ull})), int64_t(INT_MAX));
        QCOMPARE(conv("convert_long_sat", t.intArg("ulong", {1ull << 63})), int64_t(LLONG_MAX));
        QCOMPARE(t.call("convert_ulong_sat", {t.intArg("long", {s(-5)})}).u(), uint64_t(0));
        QCOMPARE(t.call("convert_ulong", {t.intArg("char", {s(-1)})}).u(), ~0ull);
        QCOMPARE(t.call("convert_ulong", {t.intArg("uchar", {255})}).u(), uint64_t(255));
        CallResult r =
            t.call("convert_short4_sat", {t.intArg("int4", {s(-40000), 40000, 5, s(-5)})});
        QCOMPARE(r.typeName(), std::string("short4"));
        QCOMPARE(r.i(0), int64_t(SHRT_MIN));
        QCOMPARE(r.i(1), int64_t(SHRT_MAX));
        QCOMPARE(r.i(2), int64_t(5));
        QCOMPARE(r.i(3), int64_t(-5));
        QCOMPARE(conv("convert_int_sat_rtp", t.i(7)), int64_t(7)); // rounding is moot
    }

    void intToFloatRounding() {
        const Arg odd = t.i(16777217); // 2^24 + 1: halfway between two floats
        QCOMPARE(convF("convert_float", odd), 16777216.0f);
        QCOMPARE(convF("convert_float_rte", odd), 16777216.0f);
        QCOMPARE(convF("convert_float_rtp", odd), 16777218.0f);
        QCOMPARE(convF("convert_float_rtn", odd), 16777216.0f);
        QCOMPARE(convF("convert_float_rtz", odd), 16777216.0f);
        QCOMPARE(convF("convert_float_rte", t.i(16777219)), 16777220.0f); // tie to even
        const Arg neg = t.i(-16777217);
        QCOMPARE(convF("convert_float_rtn", neg), -16777218.0f);
        QCOMPARE(convF("convert_float_rtz", neg), -16777216.0f);
        QCOMPARE(convF("convert_float_rtp", neg), -16777216.0f);
        const Arg umax = t.intArg("ulong", {~0ull});
        QCOMPARE(convF("convert_float", umax), 18446744073709551616.0f);
        QCOMPARE(convF("convert_float_rtz", umax), 0x1.fffffep63f);
        QCOMPARE(convF("convert_float_rtn", umax), 0x1.fffffep63f);
        QCOMPARE(convF("convert_float_rtp", umax), 18446744073709551616.0f);
        const Arg lmax = t.intArg("long", {uint64_t(LLONG_MAX)});
        QCOMPARE(convF("convert_float_rtz", lmax), 0x1.fffffep62f);
        QCOMPARE(t.call("convert_double", {lmax}).d(), 9223372036854775808.0);
        QCOMPARE(t.call("convert_double_rtz", {lmax}).d(), 0x1.fffffffffffffp62);
        QCOMPARE(t.call("convert_double_rtn", {t.intArg("long", {s(LLONG_MIN + 1)})}).d(),
                 -9223372036854775808.0);
        QCOMPARE(t.call("convert_double_rtp", {t.intArg("long", {s(LLONG_MIN + 1)})}).d(),
                 -0x1.fffffffffffffp62);
        CallResult r = t.call("convert_float4", {t.intArg("uchar4", {0, 1, 128, 255})});
        QCOMPARE(r.f(2), 128.0f);
        QCOMPARE(r.f(3), 255.0f);
    }

    void doubleToFloatRounding() {
        QCOMPARE(convF("convert_float", t.d(1.0 + std::ldexp(1.0, -24))), 1.0f); // tie, even
        QCOMPARE(convF("convert_float_rtp", t.d(1.0 + std::ldexp(1.0, -30))), 1.0f + FLT_EPSILON);
        QCOMPARE(convF("convert_float_rtn", t.d(-(1.0 + std::ldexp(1.0, -30)))),
                 -(1.0f + FLT_EPSILON));
        QCOMPARE(convF("convert_float_rtz", t.d(1.0 - std::ldexp(1.0, -30))),
                 1.0f - FLT_EPSILON / 2);
        QCOMPARE(convF("convert_float", t.d(1e300)), INFINITY);
        QCOMPARE(convF("convert_float_rtz", t.d(1e300)), FLT_MAX);
        QCOMPARE(convF("convert_float_rtn", t.d(1e300)), FLT_MAX);
        QCOMPARE(convF("convert_float_rtp", t.d(-1e300)), -FLT_MAX);
        QCOMPARE(convF("convert_float_rtp", t.d(1e-50)), std::numeric_limits<float>::denorm_min());
        QVERIFY(sameValue(convF("convert_float_rtz", t.d(-1e-50)), -0.0f));
        QCOMPARE(convF("convert_float_rtn", t.d(-1e-50)),
                 -std::numeric_limits<float>::denorm_min());
        QVERIFY(std::isnan(convF("convert_float_rtz", t.d(NAN))));
        QCOMPARE(convF("convert_float_rtz", t.d(INFINITY)), INFINITY);
        QCOMPARE(convF("convert_float_rtp", t.d(0.1)), 0x1.99999ap-4f);
        QCOMPARE(convF("convert_float_rtn", t.d(0.1)), 0x1.999998p-4f);
        CallResult r = t.call("convert_double2", {t.arg("float2", {0.1f, -1e-40f})});
        QCOMPARE(r.d(0), double(0.1f)); // widening is exact
        QCOMPARE(r.d(1), double(-1e-40f));
        QCOMPARE(convF("convert_float_rtp", t.f(0.1f)), 0.1f); // float -> float: identity
    }
};

QTEST_GUILESS_MAIN(TestConversionBuiltins)
#include "tst_conversionbuiltins.moc"
