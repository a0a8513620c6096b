// Tests of the math builtins (spec 6.12.2) through the builtin registry: overload
// resolution, float and double accuracy against long double references within the ulp
// bounds of spec tables 7.1 (float) and 7.2 (double), special values (+-0, inf, NaN,
// denormals), out-parameters, integer arguments and vectors.
#include "TestEnv.h"

#include <QtTest>

#include <cmath>

using namespace clstep;
using namespace clstep::test;

namespace {

constexpr long double kPiL = 3.141592653589793238462643383279502884L;
using Ref1 = long double (*)(long double);
using Ref2 = long double (*)(long double, long double);

struct UnaryCase {
    const char* name;
    Ref1 ref;
    double floatUlp;  // spec table 7.1 (0 = correctly rounded: error <= 0.5 ulp)
    double doubleUlp; // spec table 7.2 (-1: no double variant)
};

// Exact references for the pi functions at integers and half-integers (spec 6.12.2).
long double refSinpi(long double x) {
    const long double r = std::fmod(x, 2.0L);
    if (r == std::trunc(r)) return std::copysign(0.0L, x);
    return std::sin(kPiL * r);
}
long double refCospi(long double x) {
    const long double r = std::fmod(std::fabs(x), 2.0L);
    if (std::isfinite(x) && r - std::trunc(r) == 0.5L) return 0.0L;
    return std::cos(kPiL * r);
}
long double refTanpi(long double x) {
    if (!std::isfinite(x)) return NAN;
    const long double r = std::fmod(x, 2.0L);
    if (r == std::trunc(r)) return std::copysign(0.0L, std::fabs(r) == 1 ? -x : x);
    if (std::fabs(r - std::trunc(r)) == 0.5L) // n + 0.5: +inf for even n, -inf for odd n
        return std::fmod(std::floor(x), 2.0L) == 0 ? INFINITY : -INFINITY;
    return std::tan(kPiL * r);
}

const UnaryCase kUnary[] = {
    {"acos", [](long double x) { return std::acos(x); }, 4, 4},
    {"acosh", [](long double x) { return std::acosh(x); }, 4, 4},
    {"acospi", [](long double x) { return std::acos(x) / kPiL; }, 5, 5},
    {"asin", [](long double x) { return std::asin(x); }, 4, 4},
    {"asinh", [](long double x) { return std::asinh(x); }, 4, 4},
    {"asinpi", [](long double x) { return std::asin(x) / kPiL; }, 5, 5},
    {"atan", [](long double x) { return std::atan(x); }, 5, 5},
    {"atanh", [](long double x) { return std::atanh(x); }, 5, 5},
    {"atanpi", [](long double x) { return std::atan(x) / kPiL; }, 5, 5},
    {"cbrt", [](long double x) { return std::cbrt(x); }, 2, 2},
    {"ceil", [](long double x) { return std::ceil(x); }, 0, 0},
    {"cos", [](long double x) { return std::cos(x); }, 4, 4},
    {"cosh", [](long double x) { return std::cosh(x); }, 4, 4},
    {"cospi", refCospi, 4, 4},
    {"erfc", [](long double x) { return std::erfc(x); }, 16, 16},
    {"erf", [](long double x) { return std::erf(x); }, 16, 16},
    {"exp", [](long double x) { return std::exp(x); }, 3, 3},
    {"exp2", [](long double x) { return std::exp2(x); }, 3, 3},
    {"exp10", [](long double x) { return std::pow(10.0L, x); }, 3, 3},
    {"expm1", [](long double x) { return std::expm1(x); }, 3, 3},
    {"fabs", [](long double x) { return std::fabs(x); }, 0, 0},
    {"floor", [](long double x) { return std::floor(x); }, 0, 0},
    {"lgamma", [](long double x) { return std::lgamma(x); }, 16, 16}, // spec: undefined
    {"log", [](long double x) { return std::log(x); }, 3, 3},
    {"log2", [](long double x) { return std::log2(x); }, 3, 3},
    {"log10", [](long double x) { return std::log10(x); }, 3, 3},
    {"log1p", [](long double x) { return std::log1p(x); }, 2, 2},
    {"logb", [](long double x) { return std::logb(x); }, 0, 0},
    {"rint", [](long double x) { return std::rint(x); }, 0, 0},
    {"round", [](long double x) { return std::round(x); }, 0, 0},
    {"rsqrt", [](long double x) { return 1.0L / std::sqrt(x); }, 2, 2},
    {"sin", [](long double x) { return std::sin(x); }, 4, 4},
    {"sinh", [](long double x) { return std::sinh(x); }, 4, 4},
    {"sinpi", refSinpi, 4, 4},
    {"sqrt", [](long double x) { return std::sqrt(x); }, 3, 0},
    {"tan", [](long double x) { return std::tan(x); }, 5, 5},
    {"tanh", [](long double x) { return std::tanh(x); }, 5, 5},
    {"tanpi", refTanpi, 6, 6},
    {"tgamma", [](long double x) { return std::tgamma(x); }, 16, 16},
    {"trunc", [](long double x) { return std::trunc(x); }, 0, 0},
    {"half_cos", [](long double x) { return std::cos(x); }, 8192, -1},
    {"native_exp", [](long double x) { return std::exp(x); }, 8192, -1},
};

// +-0, normal values, integers and half-integers, float and double denormals, large
// values, +-inf and NaN.
const double kInputs[] = {0.0,   -0.0,  0.5,    -0.75, 1.0,      2.5,       -3.25, 10.0,
                          100.0, 1e-40, 5e-320, 1e30,  INFINITY, -INFINITY, NAN,   0.3};

struct BinaryCase {
    const char* name;
    Ref2 ref;
    double floatUlp;
    double doubleUlp;
};

const BinaryCase kBinary[] = {
    {"atan2", [](long double y, long double x) { return std::atan2(y, x); }, 6, 6},
    {"atan2pi", [](long double y, long double x) { return std::atan2(y, x) / kPiL; }, 6, 6},
    {"copysign", [](long double x, long double y) { return std::copysign(x, y); }, 0, 0},
    {"fdim", [](long double x, long double y) { return std::fdim(x, y); }, 0, 0},
    {"fmax", [](long double x, long double y) { return std::fmax(x, y); }, 0, 0},
    {"fmin", [](long double x, long double y) { return std::fmin(x, y); }, 0, 0},
    {"fmod", [](long double x, long double y) { return std::fmod(x, y); }, 0, 0},
    {"hypot", [](long double x, long double y) { return std::hypot(x, y); }, 4, 4},
    {"maxmag",
     [](long double x, long double y) {
         return std::fabs(x) > std::fabs(y) ? x : std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y);
     },
     0, 0},
    {"minmag",
     [](long double x, long double y) {
         return std::fabs(x) < std::fabs(y) ? x : std::fabs(y) < std::fabs(x) ? y : std::fmin(x, y);
     },
     0, 0},
    {"pow", [](long double x, long double y) { return std::pow(x, y); }, 16, 16},
    {"remainder", [](long double x, long double y) { return std::remainder(x, y); }, 0, 0},
    {"half_divide", [](long double x, long double y) { return x / y; }, 8192, -1},
};

const double kPairs[][2] = {{1.5, 2.0},      {-3.0, 0.5},     {0.0, -0.0},  {-0.0, 1.0},
                            {INFINITY, 1.0}, {1.0, INFINITY}, {NAN, 1.0},   {2.0, NAN},
                            {1e-40, 3.0},    {7.0, -2.5},     {100.0, 0.3}, {-5.5, -5.5}};

} // namespace

class TestMathBuiltins : public QObject {
    Q_OBJECT

private:
    BuiltinTester t;

    template <class T>
    void checkUnary(const UnaryCase& c, double limit) {
        const char* type = std::is_same_v<T, float> ? "float" : "double";
        for (double in : kInputs) {
            const T x = static_cast<T>(in);
            CallResult r = t.call(c.name, {t.arg(type, {x})});
            QVERIFY2(r.ok, c.name);
            QCOMPARE(r.typeName(), std::string(type));
            const T got = std::is_same_v<T, float> ? r.f() : r.d();
            const double err = ulpError<T>(got, c.ref(x));
            QVERIFY2(err <= std::max(limit, 0.5), qPrintable(QString("%1(%2 %3) = %4, %5 ulp > %6")
                                                                 .arg(c.name, type)
                                                                 .arg(double(x), 0, 'g', 17)
                                                                 .arg(double(got), 0, 'g', 17)
                                                                 .arg(err)
                                                                 .arg(limit)));
        }
    }

    template <class T>
    void checkBinary(const BinaryCase& c, double limit) {
        const char* type = std::is_same_v<T, float> ? "float" : "double";
        for (const auto& p : kPairs) {
            const T x = static_cast<T>(p[0]), y = static_cast<T>(p[1]);
            CallResult r = t.call(c.name, {t.arg(type, {x}), t.arg(type, {y})});
            QVERIFY2(r.ok, c.name);
            const T got = std::is_same_v<T, float> ? r.f() : r.d();
            const double err = ulpError<T>(got, c.ref(x, y));
            QVERIFY2(err <= std::max(limit, 0.5), qPrintable(QString("%1(%2 %3, %4) = %5, %6 ulp")
                                                                 .arg(c.name, type)
                                                                 .arg(double(x))
                                                                 .arg(double(y))
                                                                 .arg(double(got), 0, 'g', 17)
                                                                 .arg(err)));
        }
    }

private slots:
    void overloadResolution() {
        QCOMPARE(t.resolve("sqrt", {t.f(2)}), std::string("float"));
        QCOMPARE(t.resolve("sqrt", {t.d(2)}), std::string("double"));
        QCOMPARE(t.resolve("sqrt", {t.arg("float4", {1, 2, 3, 4})}), std::string("float4"));
        QCOMPARE(t.resolve("sqrt", {t.i(2)}), std::string("")); // ambiguous in OpenCL C
        QCOMPARE(t.resolve("pow", {t.f(2), t.i(3)}), std::string("float"));
        QCOMPARE(t.resolve("fmax", {t.arg("float4", {}), t.f(0)}), std::string("float4"));
        // A scalar widens to the vector gentype (OpenCL C 6.2.1; clang accepts it).
        QCOMPARE(t.resolve("fmax", {t.f(0), t.arg("float4", {})}), std::string("float4"));
        QCOMPARE(t.resolve("atan2", {t.arg("float4", {}), t.f(0)}), std::string("float4"));
        QCOMPARE(t.resolve("pow", {t.arg("float4", {}), t.arg("double4", {})}), std::string(""));
        QCOMPARE(t.resolve("ilogb", {t.arg("double3", {})}), std::string("int3"));
        QCOMPARE(t.resolve("ldexp", {t.arg("float8", {}), t.i(1)}), std::string("float8"));
        QCOMPARE(t.resolve("ldexp", {t.arg("float8", {}), t.arg("int8", {})}),
                 std::string("float8"));
        QCOMPARE(t.resolve("pown", {t.arg("float2", {}), t.i(1)}),
                 std::string("float2")); // int widens to int2
        QCOMPARE(t.resolve("native_sin", {t.d(1)}), std::string("float"));
        QCOMPARE(t.resolve("native_sin", {t.arg("double2", {})}), std::string(""));
        QCOMPARE(t.resolve("half_sqrt", {t.arg("float16", {})}), std::string("float16"));
        QCOMPARE(t.resolve("nan", {t.intArg("uint4", {})}), std::string("float4"));
        QCOMPARE(t.resolve("nan", {t.intArg("ulong", {0})}), std::string("double"));
        QCOMPARE(t.resolve("fract", {t.f(1), t.ptr("double", 0)}), std::string("double"));
        QCOMPARE(t.resolve("fract", {t.arg("float4", {}), t.ptr("double4", 0)}), std::string(""));
        QCOMPARE(t.resolve("frexp", {t.arg("float4", {}), t.ptr("int2", 0)}), std::string(""));
        QCOMPARE(t.resolve("fract", {t.i(1), t.ptr("float", 0)}), std::string("float"));
        // An aligned typedef of float4 is still a float4 gentype (spec 6.11.1).
        const Arg aligned{t.types.withAlignment(t.type("float4"), 32, "afloat4"), {}};
        QCOMPARE(t.resolve("mad", {aligned, t.arg("float4", {}), t.arg("float4", {})}),
                 std::string("float4"));
        QCOMPARE(t.resolve("sqrt", {aligned}), std::string("float4"));
    }

    void unaryFloat() {
        for (const UnaryCase& c : kUnary)
            checkUnary<float>(c, c.floatUlp);
    }
    void unaryDouble() {
        for (const UnaryCase& c : kUnary)
            if (c.doubleUlp >= 0) checkUnary<double>(c, c.doubleUlp);
    }

private:
    // 400 deterministic pseudo-random arguments per function, magnitudes 2^-20 ... 2^20
    // of both signs (lgamma, whose accuracy the spec leaves undefined, is skipped).
    template <class T>
    void sweepUnary() {
        const char* type = std::is_same_v<T, float> ? "float" : "double";
        for (const UnaryCase& c : kUnary) {
            const double spec = std::is_same_v<T, float> ? c.floatUlp : c.doubleUlp;
            if (spec < 0 || std::string(c.name) == "lgamma") continue;
            const double limit = std::max(spec, 0.5);
            uint64_t seed = 12345;
            double worst = 0;
            for (int n = 0; n < 400; ++n) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                const double m = static_cast<double>(seed >> 11) / 9007199254740992.0; // [0, 1)
                const int e = static_cast<int>((seed >> 3) % 41) - 20;
                const T x = static_cast<T>(((seed & 1) ? -1 : 1) * std::ldexp(1 + m, e));
                CallResult r = t.call(c.name, {t.arg(type, {x})});
                const T got = std::is_same_v<T, float> ? r.f() : r.d();
                const double err = ulpError<T>(got, c.ref(x));
                worst = std::max(worst, err);
                QVERIFY2(err <= limit, qPrintable(QString("%1(%2 %3) = %4, %5 ulp")
                                                      .arg(c.name, type)
                                                      .arg(double(x), 0, 'g', 17)
                                                      .arg(double(got), 0, 'g', 17)
                                                      .arg(err)));
            }
            if (qEnvironmentVariableIsSet("CLSTEP_ULP_REPORT"))
                qInfo("%s(%s): worst %.3f ulp", c.name, type, worst);
        }
    }

private slots:
    void sweepFloat() { sweepUnary<float>(); }
    void sweepDouble() { sweepUnary<double>(); }

    void binaryFloat() {
        for (const BinaryCase& c : kBinary)
            checkBinary<float>(c, c.floatUlp);
    }
    void binaryDouble() {
        for (const BinaryCase& c : kBinary)
            if (c.doubleUlp >= 0) checkBinary<double>(c, c.doubleUlp);
    }

    void piFunctionsExactCases() {
        QVERIFY(sameValue(t.call("sinpi", {t.f(1)}).f(), 0.0f));
        QVERIFY(sameValue(t.call("sinpi", {t.f(-3)}).f(), -0.0f));
        QVERIFY(sameValue(t.call("sinpi", {t.d(0.5)}).d(), 1.0));
        QVERIFY(sameValue(t.call("cospi", {t.f(0.5)}).f(), 0.0f));
        QVERIFY(sameValue(t.call("cospi", {t.f(-2.5)}).f(), 0.0f));
        QVERIFY(sameValue(t.call("cospi", {t.d(1)}).d(), -1.0));
        QVERIFY(sameValue(t.call("tanpi", {t.f(0.5)}).f(), INFINITY));
        QVERIFY(sameValue(t.call("tanpi", {t.f(1.5)}).f(), -INFINITY));
        QVERIFY(sameValue(t.call("tanpi", {t.f(2)}).f(), 0.0f));
        QVERIFY(sameValue(t.call("tanpi", {t.f(1)}).f(), -0.0f));
        QVERIFY(sameValue(t.call("tanpi", {t.f(-1)}).f(), 0.0f));
        QVERIFY(sameValue(t.call("tanpi", {t.d(0.25)}).d(), 1.0) ||
                ulpDistance(t.call("tanpi", {t.d(0.25)}).d(), 1.0) <= 6);
    }

    void fmaIsFused() {
        // (1 + 2^-23)^2 - (1 + 2^-22) = 2^-46 exactly; an unfused a*b+c gives 0.
        const float a = 1.0f + std::ldexp(1.0f, -23);
        const float c = -(1.0f + std::ldexp(1.0f, -22));
        QCOMPARE(t.call("fma", {t.f(a), t.f(a), t.f(c)}).f(), std::ldexp(1.0f, -46));
        const double ad = 1.0 + std::ldexp(1.0, -52);
        const double cd = -(1.0 + std::ldexp(1.0, -51));
        QCOMPARE(t.call("fma", {t.d(ad), t.d(ad), t.d(cd)}).d(), std::ldexp(1.0, -104));
        QCOMPARE(t.call("mad", {t.f(2), t.f(3), t.f(4)}).f(), 10.0f);
        QVERIFY(std::isnan(t.call("fma", {t.f(INFINITY), t.f(0), t.f(1)}).f()));
    }

    void nextafterSteps() {
        QCOMPARE(bitsOf(t.call("nextafter", {t.f(1), t.f(2)}).f()), uint64_t(0x3f800001));
        QCOMPARE(t.call("nextafter", {t.f(0), t.f(1)}).f(),
                 std::numeric_limits<float>::denorm_min());
        QCOMPARE(t.call("nextafter", {t.f(-0.0f), t.f(-1)}).f(),
                 -std::numeric_limits<float>::denorm_min());
        QCOMPARE(t.call("nextafter", {t.d(1), t.d(0)}).d(),
                 1.0 - std::numeric_limits<double>::epsilon() / 2);
        QVERIFY(std::isnan(t.call("nextafter", {t.f(NAN), t.f(1)}).f()));
    }

    void powerFamily() {
        // pown: integer exponent, pown(x, 0) = 1 even for NaN.
        QCOMPARE(t.call("pown", {t.f(2), t.i(10)}).f(), 1024.0f);
        QCOMPARE(t.call("pown", {t.f(-2), t.i(3)}).f(), -8.0f);
        QCOMPARE(t.call("pown", {t.f(NAN), t.i(0)}).f(), 1.0f);
        QVERIFY(sameValue(t.call("pown", {t.f(-0.0f), t.i(-1)}).f(), -INFINITY));
        QVERIFY(ulpError<double>(t.call("pown", {t.d(1.1), t.i(50)}).d(),
                                 std::pow(static_cast<long double>(1.1), 50)) <= 16);
        // rootn: rootn(-8, 3) = -2; even root of a negative is NaN; rootn(x, 0) is NaN.
        QVERIFY(ulpError<float>(t.call("rootn", {t.f(-8), t.i(3)}).f(), -2.0L) <= 16);
        QVERIFY(std::isnan(t.call("rootn", {t.f(-8), t.i(2)}).f()));
        QVERIFY(std::isnan(t.call("rootn", {t.f(8), t.i(0)}).f()));
        QVERIFY(sameValue(t.call("rootn", {t.f(-0.0f), t.i(-3)}).f(), -INFINITY));
        QVERIFY(sameValue(t.call("rootn", {t.f(-0.0f), t.i(2)}).f(), 0.0f));
        QVERIFY(ulpError<double>(t.call("rootn", {t.d(1e300), t.i(7)}).d(),
                                 std::pow(1e300L, 1.0L / 7)) <= 16);
        // powr: x^y for x >= 0 with its own special cases.
        QVERIFY(ulpError<float>(t.call("powr", {t.f(2), t.f(0.5)}).f(), std::sqrt(2.0L)) <= 16);
        QVERIFY(std::isnan(t.call("powr", {t.f(-2), t.f(2)}).f()));
        QVERIFY(std::isnan(t.call("powr", {t.f(0), t.f(0)}).f()));
        QVERIFY(std::isnan(t.call("powr", {t.f(INFINITY), t.f(0)}).f()));
        QVERIFY(std::isnan(t.call("powr", {t.f(1), t.f(INFINITY)}).f()));
        QCOMPARE(t.call("powr", {t.f(0), t.f(-1)}).f(), INFINITY);
        QCOMPARE(t.call("powr", {t.d(1), t.d(5)}).d(), 1.0);
        // pow keeps C99's: pow(-2, 3) = -8, pow(x, 0) = 1.
        QCOMPARE(t.call("pow", {t.f(-2), t.f(3)}).f(), -8.0f);
        QCOMPARE(t.call("pow", {t.f(NAN), t.f(0)}).f(), 1.0f);
    }

    void integerArguments() {
        QCOMPARE(t.call("ldexp", {t.f(1.5f), t.i(4)}).f(), 24.0f);
        QCOMPARE(t.call("ldexp", {t.f(1), t.i(-149)}).f(),
                 std::numeric_limits<float>::denorm_min());
        QCOMPARE(t.call("ldexp", {t.f(1), t.i(128)}).f(), INFINITY);
        CallResult v = t.call("ldexp", {t.arg("float4", {1, 2, 3, 4}), t.i(1)});
        QCOMPARE(v.typeName(), std::string("float4"));
        QCOMPARE(v.f(3), 8.0f);
        v = t.call("ldexp", {t.arg("double2", {1, 1}), t.arg("int2", {2, -2})});
        QCOMPARE(v.d(0), 4.0);
        QCOMPARE(v.d(1), 0.25);
        QCOMPARE(t.call("ilogb", {t.f(8)}).i(), int64_t(3));
        QCOMPARE(t.call("ilogb", {t.f(1e-40f)}).i(), int64_t(-133));
        QCOMPARE(t.call("ilogb", {t.f(0)}).i(), int64_t(INT32_MIN));   // FP_ILOGB0
        QCOMPARE(t.call("ilogb", {t.d(NAN)}).i(), int64_t(INT32_MAX)); // FP_ILOGBNAN
        v = t.call("ilogb", {t.arg("double2", {0.25, 1e300})});
        QCOMPARE(v.i(0), int64_t(-2));
        QCOMPARE(v.i(1), int64_t(996));
    }

    void outParameters() {
        // fract: fractional part (below 1) and floor through the pointer.
        CallResult r = t.call("fract", {t.f(-1.25f), t.ptr("float", 0)});
        QCOMPARE(r.f(), 0.75f);
        QCOMPARE(t.read("float", 0).components[0].f, -2.0f);
        r = t.call("fract", {t.f(-1e-10f), t.ptr("float", 0)});
        QCOMPARE(r.f(), 0x1.fffffep-1f);
        r = t.call("fract", {t.d(INFINITY), t.ptr("double", 8)});
        QVERIFY(sameValue(r.d(), 0.0));
        QCOMPARE(t.read("double", 8).components[0].d, INFINITY);
        // frexp: mantissa in [0.5, 1) and exponent; denormals are normalized.
        r = t.call("frexp", {t.arg("float2", {12.0, 1e-40}), t.ptr("int2", 16)});
        QCOMPARE(r.f(0), 0.75f);
        Value e = t.read("int2", 16);
        QCOMPARE(e.components[0].i, int64_t(4));
        QCOMPARE(std::ldexp(double(r.f(1)), int(e.components[1].i)), double(1e-40f));
        // modf: fractional and integral parts with the sign of x.
        r = t.call("modf", {t.d(-3.5), t.ptr("double", 24)});
        QCOMPARE(r.d(), -0.5);
        QCOMPARE(t.read("double", 24).components[0].d, -3.0);
        // sincos: sin returned, cos stored.
        r = t.call("sincos", {t.arg("float4", {0, 1, -2, 3}), t.ptr("float4", 32)});
        Value c = t.read("float4", 32);
        for (int k = 0; k < 4; ++k) {
            const long double x = k == 0 ? 0 : k == 1 ? 1 : k == 2 ? -2 : 3;
            QVERIFY(ulpError<float>(r.f(k), std::sin(x)) <= 4);
            QVERIFY(ulpError<float>(c.components[k].f, std::cos(x)) <= 4);
        }
        // remquo: remainder, and the sign and low 7 bits of the quotient.
        r = t.call("remquo", {t.f(1000.75f), t.f(1.0f), t.ptr("int", 48)});
        QCOMPARE(r.f(), -0.25f);
        QCOMPARE(t.read("int", 48).components[0].i, int64_t(1001 & 127));
        r = t.call("remquo", {t.d(-7.0), t.d(2.0), t.ptr("int", 48)});
        QCOMPARE(r.d(), 1.0); // -7 = -4 * 2 + 1 (quotient rounds to even)
        QCOMPARE(t.read("int", 48).components[0].i, int64_t(-4));
        r = t.call("remquo", {t.f(3e30f), t.f(7e-30f), t.ptr("int", 48)});
        QVERIFY(ulpError<float>(r.f(), std::remainder(3e30L, static_cast<long double>(7e-30f))) ==
                    0 ||
                std::fabs(r.f()) <= 3.5e-30f);
        // lgamma_r: value and sign of gamma.
        r = t.call("lgamma_r", {t.f(-0.5f), t.ptr("int", 52)});
        QVERIFY(ulpError<float>(r.f(), std::lgamma(-0.5L)) <= 16);
        QCOMPARE(t.read("int", 52).components[0].i, int64_t(-1));
        r = t.call("lgamma_r", {t.f(3), t.ptr("int", 52)});
        QCOMPARE(t.read("int", 52).components[0].i, int64_t(1));
        QVERIFY(t.env.errors.empty());
    }

    void nanCodes() {
        CallResult r = t.call("nan", {t.intArg("uint", {5})});
        QVERIFY(std::isnan(r.f()));
        QCOMPARE(bitsOf(r.f()), uint64_t(0x7fc00005));
        r = t.call("nan", {t.intArg("ulong2", {1, 2})});
        QCOMPARE(r.typeName(), std::string("double2"));
        QCOMPARE(bitsOf(r.d(1)), uint64_t(0x7ff8000000000002));
    }

    void vectorsAndBroadcast() {
        CallResult r = t.call("fmax", {t.arg("float4", {1, -2, NAN, 4}), t.f(0)});
        QCOMPARE(r.typeName(), std::string("float4"));
        QCOMPARE(r.f(0), 1.0f);
        QCOMPARE(r.f(1), 0.0f);
        QCOMPARE(r.f(2), 0.0f); // fmax ignores a NaN argument
        QCOMPARE(r.f(3), 4.0f);
        r = t.call("sqrt", {t.arg("double3", {4, 9, -1})});
        QCOMPARE(r.d(0), 2.0);
        QCOMPARE(r.d(1), 3.0);
        QVERIFY(std::isnan(r.d(2)));
        r = t.call("copysign",
                   {t.arg("float16", {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}),
                    t.arg("float16", {-1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, -0.0})});
        QCOMPARE(r.f(0), -1.0f);
        QCOMPARE(r.f(15), -16.0f);
        r = t.call("fmin", {t.f(1), t.i(0)}); // integer literal converted to float
        QCOMPARE(r.f(), 0.0f);
    }

    void reducedAccuracy() {
        QVERIFY(ulpError<float>(t.call("native_sqrt", {t.f(2)}).f(), std::sqrt(2.0L)) <= 8192);
        QVERIFY(ulpError<float>(t.call("half_recip", {t.f(3)}).f(), 1.0L / 3) <= 8192);
        QVERIFY(ulpError<float>(t.call("native_powr", {t.f(2), t.f(10)}).f(), 1024.0L) <= 8192);
        QVERIFY(ulpError<float>(t.call("half_log2", {t.f(8)}).f(), 3.0L) <= 8192);
        QVERIFY(ulpError<float>(t.call("native_divide", {t.f(1), t.f(3)}).f(), 1.0L / 3) <= 8192);
        CallResult r = t.call("half_rsqrt", {t.arg("float2", {4, 16})});
        QCOMPARE(r.f(1), 0.25f);
    }
};

QTEST_GUILESS_MAIN(TestMathBuiltins)
#include "tst_mathbuiltins.moc"
