// Tests of the integer builtins (spec 6.12.3) through the builtin registry, exact results
// at the edges: INT_MIN, saturation, wrap-around, mul_hi of large values, rotate by more
// than the width, clz(0), on scalars and vectors of char ... ulong.
#include "TestEnv.h"

#include <QtTest>

#include <climits>

using namespace clstep;
using namespace clstep::test;

class TestIntegerBuiltins : public QObject {
    Q_OBJECT

private:
    BuiltinTester t;

    Arg ia(const char* type, uint64_t v) { return t.intArg(type, {v}); }
    // Scalar call, result component 0 as signed/unsigned 64-bit.
    int64_t si(const char* name, std::vector<Arg> args) { return t.call(name, args).i(); }
    uint64_t ui(const char* name, std::vector<Arg> args) { return t.call(name, args).u(); }
    static uint64_t s(int64_t v) { return static_cast<uint64_t>(v); }

private slots:
    void overloadResolution() {
        QCOMPARE(t.resolve("abs", {t.i(-1)}), std::string("uint"));
        QCOMPARE(t.resolve("abs", {t.intArg("char4", {})}), std::string("uchar4"));
        QCOMPARE(t.resolve("abs_diff", {t.intArg("long2", {}), t.intArg("long2", {})}),
                 std::string("ulong2"));
        QCOMPARE(t.resolve("abs", {t.f(1)}), std::string(""));
        QCOMPARE(t.resolve("clz", {t.d(1)}), std::string(""));
        QCOMPARE(t.resolve("max", {t.i(1), t.i(2)}), std::string("int"));
        QCOMPARE(t.resolve("max", {t.intArg("uint", {1}), t.i(2)}), std::string("uint"));
        QCOMPARE(t.resolve("max", {t.intArg("uchar", {1}), t.intArg("uchar", {2})}),
                 std::string("uchar"));
        QCOMPARE(t.resolve("max", {t.intArg("short8", {}), t.i(2)}), std::string("short8"));
        QCOMPARE(t.resolve("max", {t.f(1), t.i(2)}), std::string("float")); // common 6.12.4
        QCOMPARE(t.resolve("clamp", {t.intArg("uchar4", {}), t.i(0), t.i(9)}),
                 std::string("uchar4"));
        // A scalar widens to the vector gentype (OpenCL C 6.2.1; clang accepts it).
        QCOMPARE(t.resolve("add_sat", {t.intArg("int4", {}), t.i(1)}), std::string("int4"));
        QCOMPARE(t.resolve("add_sat", {t.intArg("int4", {}), t.intArg("uint4", {})}),
                 std::string(""));
        QCOMPARE(t.resolve("mul24", {t.intArg("long", {1}), t.intArg("long", {1})}),
                 std::string(""));
        QCOMPARE(t.resolve("mad24",
                           {t.intArg("uint2", {}), t.intArg("uint2", {}), t.intArg("uint2", {})}),
                 std::string("uint2"));
        QCOMPARE(t.resolve("upsample", {t.intArg("short2", {}), t.intArg("ushort2", {})}),
                 std::string("int2"));
        QCOMPARE(t.resolve("upsample", {t.intArg("uint", {1}), t.intArg("uint", {1})}),
                 std::string("ulong"));
        QCOMPARE(t.resolve("upsample", {t.intArg("long", {1}), t.intArg("ulong", {1})}),
                 std::string(""));
        QCOMPARE(t.resolve("upsample", {t.intArg("char2", {}), t.intArg("char2", {})}),
                 std::string(""));
    }

    void absolute() {
        CallResult r = t.call("abs", {t.i(INT_MIN)});
        QCOMPARE(r.typeName(), std::string("uint"));
        QCOMPARE(r.u(), uint64_t(0x80000000u));
        QCOMPARE(ui("abs", {ia("char", s(-128))}), uint64_t(128));
        QCOMPARE(ui("abs", {ia("long", s(LLONG_MIN))}), uint64_t(1) << 63);
        QCOMPARE(ui("abs", {ia("uint", 0xFFFFFFFFu)}), uint64_t(0xFFFFFFFFu));
        r = t.call("abs", {t.intArg("short4", {s(-1), 2, s(-32768), 0})});
        QCOMPARE(r.u(0), uint64_t(1));
        QCOMPARE(r.u(2), uint64_t(32768));
        QCOMPARE(ui("abs_diff", {t.i(INT_MAX), t.i(INT_MIN)}), uint64_t(0xFFFFFFFFu));
        QCOMPARE(ui("abs_diff", {ia("char", s(-128)), ia("char", 127)}), uint64_t(255));
        QCOMPARE(ui("abs_diff", {ia("ulong", 0), ia("ulong", ~0ull)}), ~0ull);
        QCOMPARE(ui("abs_diff", {ia("long", s(LLONG_MIN)), ia("long", s(LLONG_MAX))}), ~0ull);
    }

    void saturatingAddSub() {
        QCOMPARE(si("add_sat", {t.i(INT_MAX), t.i(1)}), int64_t(INT_MAX));
        QCOMPARE(si("add_sat", {t.i(INT_MIN), t.i(-1)}), int64_t(INT_MIN));
        QCOMPARE(si("add_sat", {t.i(-5), t.i(3)}), int64_t(-2));
        QCOMPARE(ui("add_sat", {ia("uchar", 200), ia("uchar", 100)}), uint64_t(255));
        QCOMPARE(ui("add_sat", {ia("ulong", ~0ull), ia("ulong", 1)}), ~0ull);
        QCOMPARE(si("add_sat", {ia("long", s(LLONG_MAX)), ia("long", 1)}), int64_t(LLONG_MAX));
        QCOMPARE(ui("sub_sat", {ia("uint", 1), ia("uint", 2)}), uint64_t(0));
        QCOMPARE(si("sub_sat", {ia("char", s(-128)), ia("char", 1)}), int64_t(-128));
        QCOMPARE(si("sub_sat", {ia("short", 32767), ia("short", s(-1))}), int64_t(32767));
        QCOMPARE(si("sub_sat", {ia("long", s(LLONG_MIN)), ia("long", 1)}), int64_t(LLONG_MIN));
        CallResult r = t.call("add_sat", {t.intArg("char4", {100, s(-100), 1, 127}),
                                          t.intArg("char4", {100, s(-100), 1, 1})});
        QCOMPARE(r.i(0), int64_t(127));
        QCOMPARE(r.i(1), int64_t(-128));
        QCOMPARE(r.i(2), int64_t(2));
        QCOMPARE(r.i(3), int64_t(127));
    }

    void halvingAdd() {
        QCOMPARE(si("hadd", {t.i(INT_MAX), t.i(INT_MAX)}), int64_t(INT_MAX));
        QCOMPARE(si("hadd", {t.i(INT_MIN), t.i(INT_MIN)}), int64_t(INT_MIN));
        QCOMPARE(si("hadd", {t.i(-1), t.i(0)}), int64_t(-1)); // floor(-0.5)
        QCOMPARE(ui("hadd", {ia("uint", 0xFFFFFFFFu), ia("uint", 0xFFFFFFFFu)}),
                 uint64_t(0xFFFFFFFFu));
        QCOMPARE(ui("hadd", {ia("ulong", ~0ull), ia("ulong", 1)}), uint64_t(1) << 63);
        QCOMPARE(si("rhadd", {t.i(-1), t.i(0)}), int64_t(0)); // (x + y + 1) >> 1
        QCOMPARE(si("rhadd", {t.i(1), t.i(2)}), int64_t(2));
        QCOMPARE(ui("rhadd", {ia("uchar", 255), ia("uchar", 255)}), uint64_t(255));
        QCOMPARE(ui("rhadd", {ia("ulong", ~0ull), ia("ulong", 0)}), uint64_t(1) << 63);
    }

    void clampMaxMin() {
        QCOMPARE(si("clamp", {t.i(5), t.i(0), t.i(3)}), int64_t(3));
        QCOMPARE(si("clamp", {t.i(-5), t.i(0), t.i(3)}), int64_t(0));
        CallResult r = t.call("clamp", {t.intArg("uchar4", {0, 100, 200, 255}), t.i(50), t.i(150)});
        QCOMPARE(r.typeName(), std::string("uchar4"));
        QCOMPARE(r.u(0), uint64_t(50));
        QCOMPARE(r.u(1), uint64_t(100));
        QCOMPARE(r.u(3), uint64_t(150));
        r = t.call("max", {t.intArg("int4", {s(-3), 0, 7, s(INT_MIN)}), t.i(-1)});
        QCOMPARE(r.i(0), int64_t(-1));
        QCOMPARE(r.i(2), int64_t(7));
        QCOMPARE(r.i(3), int64_t(-1));
        QCOMPARE(ui("max", {ia("ulong", ~0ull), ia("ulong", 1)}), ~0ull);
        QCOMPARE(si("min", {ia("char", s(-1)), ia("uchar", 1)}), int64_t(-1)); // int compare
        QCOMPARE(ui("min", {ia("uint", 0xFFFFFFFFu), t.i(-1)}), uint64_t(0xFFFFFFFFu));
    }

    void bitCounts() {
        QCOMPARE(si("clz", {t.i(0)}), int64_t(32));
        QCOMPARE(si("clz", {ia("char", 0)}), int64_t(8));
        QCOMPARE(si("clz", {ia("long", 1)}), int64_t(63));
        QCOMPARE(si("clz", {t.i(-1)}), int64_t(0));
        QCOMPARE(ui("clz", {ia("ushort", 0x00FF)}), uint64_t(8));
        QCOMPARE(si("ctz", {t.i(0)}), int64_t(32));
        QCOMPARE(si("ctz", {t.i(8)}), int64_t(3));
        QCOMPARE(si("ctz", {ia("long", s(LLONG_MIN))}), int64_t(63));
        QCOMPARE(si("popcount", {t.i(-1)}), int64_t(32));
        QCOMPARE(ui("popcount", {ia("ulong", ~0ull)}), uint64_t(64));
        QCOMPARE(si("popcount", {ia("char", s(-1))}), int64_t(8));
        CallResult r = t.call("popcount", {t.intArg("int3", {0, 7, 0x80000000u})});
        QCOMPARE(r.i(0), int64_t(0));
        QCOMPARE(r.i(1), int64_t(3));
        QCOMPARE(r.i(2), int64_t(1));
    }

    void multiplyHigh() {
        QCOMPARE(si("mul_hi", {t.i(INT_MAX), t.i(INT_MAX)}), int64_t(0x3FFFFFFF));
        QCOMPARE(si("mul_hi", {t.i(INT_MIN), t.i(INT_MIN)}), int64_t(0x40000000));
        QCOMPARE(si("mul_hi", {t.i(-1), t.i(1)}), int64_t(-1));
        QCOMPARE(ui("mul_hi", {ia("uint", 0xFFFFFFFFu), ia("uint", 0xFFFFFFFFu)}),
                 uint64_t(0xFFFFFFFEu));
        QCOMPARE(ui("mul_hi", {ia("ulong", ~0ull), ia("ulong", ~0ull)}), ~0ull - 1);
        QCOMPARE(si("mul_hi", {ia("long", s(LLONG_MIN)), ia("long", s(LLONG_MIN))}), int64_t(1)
                                                                                         << 62);
        QCOMPARE(si("mul_hi", {ia("long", s(LLONG_MIN)), ia("long", 2)}), int64_t(-1));
        QCOMPARE(si("mul_hi", {ia("char", s(-128)), ia("char", 127)}), int64_t(-64));
        QCOMPARE(ui("mad_hi", {ia("uint", 0xFFFFFFFFu), ia("uint", 0xFFFFFFFFu), ia("uint", 2)}),
                 uint64_t(0)); // wraps
        QCOMPARE(si("mad_hi", {t.i(INT_MIN), t.i(2), t.i(5)}), int64_t(4));
    }

    void multiplyAddSaturate() {
        QCOMPARE(si("mad_sat", {t.i(INT_MAX), t.i(2), t.i(0)}), int64_t(INT_MAX));
        QCOMPARE(si("mad_sat", {t.i(INT_MIN), t.i(2), t.i(0)}), int64_t(INT_MIN));
        QCOMPARE(si("mad_sat", {t.i(100), t.i(100), t.i(-10000)}), int64_t(0));
        QCOMPARE(ui("mad_sat", {ia("ulong", 1ull << 32), ia("ulong", 1ull << 32), ia("ulong", 0)}),
                 ~0ull);
        QCOMPARE(ui("mad_sat", {ia("ulong", ~0ull), ia("ulong", 1), ia("ulong", 0)}), ~0ull);
        QCOMPARE(si("mad_sat", {ia("long", s(LLONG_MAX)), ia("long", s(-1)), ia("long", s(-1))}),
                 int64_t(LLONG_MIN)); // exactly representable
        QCOMPARE(si("mad_sat", {ia("long", s(LLONG_MAX)), ia("long", s(-1)), ia("long", s(-2))}),
                 int64_t(LLONG_MIN));
        QCOMPARE(si("mad_sat", {ia("long", s(LLONG_MAX)), ia("long", s(LLONG_MAX)), ia("long", 0)}),
                 int64_t(LLONG_MAX));
        QCOMPARE(ui("mad_sat", {ia("uchar", 16), ia("uchar", 16), ia("uchar", 0)}), uint64_t(255));
        QCOMPARE(ui("mad_sat", {ia("uint", 3), ia("uint", 0), ia("uint", 7)}), uint64_t(7));
    }

    void rotation() {
        QCOMPARE(ui("rotate", {ia("uint", 0x80000001u), ia("uint", 1)}), uint64_t(3));
        QCOMPARE(ui("rotate", {ia("uint", 1), ia("uint", 33)}), uint64_t(2)); // 33 mod 32
        QCOMPARE(ui("rotate", {ia("uint", 1), ia("uint", 32)}), uint64_t(1));
        QCOMPARE(si("rotate", {t.i(1), t.i(-1)}), int64_t(INT_MIN)); // right by 1
        QCOMPARE(si("rotate", {t.i(0x40000000), t.i(1)}), int64_t(INT_MIN));
        QCOMPARE(ui("rotate", {ia("uchar", 0x81), ia("uchar", 4)}), uint64_t(0x18));
        QCOMPARE(si("rotate", {ia("char", s(-128)), ia("char", 1)}), int64_t(1));
        QCOMPARE(ui("rotate", {ia("ulong", 1), ia("ulong", 64)}), uint64_t(1));
        QCOMPARE(ui("rotate", {ia("ulong", 1), ia("ulong", 63)}), uint64_t(1) << 63);
        QCOMPARE(ui("rotate", {ia("ushort", 0x1234), ia("ushort", 20)}), uint64_t(0x2341));
    }

    void upsampling() {
        CallResult r = t.call("upsample", {ia("char", s(-1)), ia("uchar", 0xFF)});
        QCOMPARE(r.typeName(), std::string("short"));
        QCOMPARE(r.i(), int64_t(-1));
        QCOMPARE(ui("upsample", {ia("uchar", 0x12), ia("uchar", 0x34)}), uint64_t(0x1234));
        QCOMPARE(si("upsample", {t.i(-2), ia("uint", 5)}), int64_t(0xFFFFFFFE00000005ull));
        QCOMPARE(ui("upsample", {ia("uint", 0xFFFFFFFFu), ia("uint", 0xFFFFFFFFu)}), ~0ull);
        r = t.call("upsample",
                   {t.intArg("short2", {1, s(-32768)}), t.intArg("ushort2", {2, 0xFFFF})});
        QCOMPARE(r.typeName(), std::string("int2"));
        QCOMPARE(r.i(0), int64_t(0x10002));
        QCOMPARE(r.i(1), int64_t(INT_MIN) + 0xFFFF);
    }

    void multiply24() {
        QCOMPARE(si("mul24", {t.i(-3), t.i(7)}), int64_t(-21));
        QCOMPARE(ui("mul24", {ia("uint", 1000), ia("uint", 1000)}), uint64_t(1000000));
        // -2^23 * (2^23 - 1) = -2^46 + 2^23: the low 32 bits are 2^23.
        QCOMPARE(si("mul24", {t.i(-(1 << 23)), t.i((1 << 23) - 1)}), int64_t(1) << 23);
        QCOMPARE(si("mad24", {t.i(2), t.i(3), t.i(4)}), int64_t(10));
        CallResult r = t.call("mad24", {t.intArg("int2", {s(-5), 6}), t.intArg("int2", {5, 6}),
                                        t.intArg("int2", {0, 1})});
        QCOMPARE(r.i(0), int64_t(-25));
        QCOMPARE(r.i(1), int64_t(37));
    }
};

QTEST_GUILESS_MAIN(TestIntegerBuiltins)
#include "tst_integerbuiltins.moc"
