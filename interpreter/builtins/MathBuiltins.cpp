/// Math functions, spec 6.12.2 (part 1: the functions with a direct C99 counterpart and the
/// power/root family). gentype is float, floatn, double or doublen (n = 2, 3, 4, 8, 16).
///
/// Accuracy (spec 7.4, tables 7.1 and 7.2): float functions are evaluated in double and
/// rounded once to float, which keeps them within 1 ulp (correctly rounded for the 0-ulp
/// functions: the double result of +, -, *, /, sqrt, fmod, remainder, rint ... is exact or
/// rounds once, and 53 >= 2 * 24 + 2 makes the double rounding harmless). Double functions
/// use the C library's double functions, which glibc documents within 1-2 ulp, inside the
/// spec's bounds. fma and nextafter are computed in the lane's own type.
///
/// Half (cl_khr_fp16): the same entries take half and halfn; the double result is rounded
/// once to half (BuiltinHelpers.h HalfLane), within the half ULP bounds of the extension
/// specification (correctly rounded where the float function is). nextafter and fma depend
/// on the format's precision and have half entries of their own.
#include "builtins/BuiltinHelpers.h"

#include "common/Half.h"

#include <climits>
#include <cmath>
#include <cstring>

namespace clstep {

using namespace builtins;

namespace {

constexpr double kInvPi = 0.318309886183790671537767526745028724; // 1/pi

// --- Operations (arguments arrive as double, see Compute::Double) ---
// Spec 6.12.2 powr: x^y for x >= 0, with its own special cases (powr(0, 0) is NaN...).
double powr(double x, double y) {
    if (std::isnan(x) || std::isnan(y) || x < 0) return NAN;
    if (x == 0) return y == 0 ? NAN : y < 0 ? INFINITY : 0.0;
    if (std::isinf(x)) return y == 0 ? NAN : y < 0 ? 0.0 : INFINITY;
    if (x == 1) return std::isinf(y) ? NAN : 1.0;
    return std::pow(x, y);
}

// Spec 6.12.2 rootn: x^(1/n). Computed in long double so that the rounding of 1/n does not
// cost more than a fraction of a double ulp.
double rootn(double x, int n) {
    if (n == 0 || std::isnan(x)) return NAN;
    const bool odd = (n & 1) != 0;
    if (x < 0 && !odd) return NAN;
    if (x == 0) return n > 0 ? (odd ? x : 0.0) : (odd ? std::copysign(INFINITY, x) : INFINITY);
    long double r = std::pow(static_cast<long double>(std::fabs(x)), 1.0L / n);
    return static_cast<double>(x < 0 ? -r : r);
}

// Spec 6.12.2 ilogb with FP_ILOGB0 = INT_MIN and FP_ILOGBNAN = INT_MAX (as clang defines
// them for OpenCL C).
int ilogb(double x) {
    if (x == 0) return INT_MIN;
    if (std::isnan(x) || std::isinf(x)) return INT_MAX;
    return std::ilogb(x);
}

// Spec 6.12.2 fmax/fmin: "If one argument is a NaN, fmax() returns the other argument",
// a signaling NaN too (glibc's fmax/fmin return NaN for a signaling NaN, IEEE 754-2008
// maxNum; the CTS's test_bruteforce passes signaling NaNs in double).
double fmaxNum(double x, double y) {
    if (std::isnan(x)) return std::isnan(y) ? x + y : y;
    if (std::isnan(y)) return x;
    return std::fmax(x, y);
}
double fminNum(double x, double y) {
    if (std::isnan(x)) return std::isnan(y) ? x + y : y;
    if (std::isnan(y)) return x;
    return std::fmin(x, y);
}

// Spec 6.12.2 maxmag/minmag: the argument of greater/smaller magnitude, else fmax/fmin.
double maxmag(double x, double y) {
    double ax = std::fabs(x), ay = std::fabs(y);
    return ax > ay ? x : ay > ax ? y : fmaxNum(x, y);
}
double minmag(double x, double y) {
    double ax = std::fabs(x), ay = std::fabs(y);
    return ax < ay ? x : ay < ax ? y : fminNum(x, y);
}

// nextafter on half values: the next half after x in the direction of y (spec 6.12.2).
float nextafterHalf(float x, float y) {
    if (std::isnan(x) || std::isnan(y)) return x + y;
    if (x == y) return y;
    uint16_t b = halfBitsOf(x);
    if ((b & 0x7fff) == 0) return halfToFloat(y > 0 ? 0x0001 : 0x8001); // smallest subnormal
    const bool awayFromZero = (y > x) == ((b & 0x8000) == 0);
    b = static_cast<uint16_t>(awayFromZero ? b + 1 : b - 1);
    return halfToFloat(b);
}

// fma on half values, correctly rounded to half: a * b is exact in double (22 significant
// bits); the sum is rounded to odd (the double nearest, moved to its odd neighbour when the
// sum is inexact), which a later rounding to the 11 bits of half cannot round twice.
double fmaHalf(double a, double b, double c) {
    const double p = a * b;
    double s = p + c;
    if (!std::isfinite(s)) return std::fma(a, b, c);
    const double bv = s - p;
    const double e = (p - (s - bv)) + (c - bv); // the error of s (Knuth's TwoSum): exact
    uint64_t bits;
    std::memcpy(&bits, &s, sizeof bits);
    if (e != 0 && (bits & 1) == 0) s = std::nextafter(s, e > 0 ? INFINITY : -INFINITY);
    return s;
}

double lgammaValue(double x) {
    int sign = 0;
    return ::lgamma_r(x, &sign); // reentrant: std::lgamma writes the global signgam
}

} // namespace

/// Registers the 6.12.2 math functions (acos ... trunc) with the registry.
void registerMathBuiltins(BuiltinRegistry& r) {
    // One-argument functions: gentype f(gentype).
    r.add(viaDouble<"G=G", [](double x) { return std::acos(x); }>("acos"));
    r.add(viaDouble<"G=G", [](double x) { return std::acosh(x); }>("acosh"));
    r.add(viaDouble<"G=G", [](double x) { return std::acos(x) * kInvPi; }>("acospi"));
    r.add(viaDouble<"G=G", [](double x) { return std::asin(x); }>("asin"));
    r.add(viaDouble<"G=G", [](double x) { return std::asinh(x); }>("asinh"));
    r.add(viaDouble<"G=G", [](double x) { return std::asin(x) * kInvPi; }>("asinpi"));
    r.add(viaDouble<"G=G", [](double x) { return std::atan(x); }>("atan"));
    r.add(viaDouble<"G=G", [](double x) { return std::atanh(x); }>("atanh"));
    r.add(viaDouble<"G=G", [](double x) { return std::atan(x) * kInvPi; }>("atanpi"));
    // glibc's double cbrt errs up to 4 ulp (spec: 2); long double brings it below 1.
    r.add(viaDouble<"G=G", [](double x) {
        return static_cast<double>(std::cbrt(static_cast<long double>(x)));
    }>("cbrt"));
    r.add(viaDouble<"G=G", [](double x) { return std::ceil(x); }>("ceil"));
    r.add(viaDouble<"G=G", [](double x) { return std::cos(x); }>("cos"));
    r.add(viaDouble<"G=G", [](double x) { return std::cosh(x); }>("cosh"));
    r.add(viaDouble<"G=G", [](double x) { return std::erfc(x); }>("erfc"));
    r.add(viaDouble<"G=G", [](double x) { return std::erf(x); }>("erf"));
    r.add(viaDouble<"G=G", [](double x) { return std::exp(x); }>("exp"));
    r.add(viaDouble<"G=G", [](double x) { return std::exp2(x); }>("exp2"));
    r.add(viaDouble<"G=G", [](double x) { return std::pow(10.0, x); }>("exp10"));
    r.add(viaDouble<"G=G", [](double x) { return std::expm1(x); }>("expm1"));
    r.add(viaDouble<"G=G", [](double x) { return std::fabs(x); }>("fabs"));
    r.add(viaDouble<"G=G", [](double x) { return std::floor(x); }>("floor"));
    r.add(viaDouble<"G=G", [](double x) { return lgammaValue(x); }>("lgamma"));
    r.add(viaDouble<"G=G", [](double x) { return std::log(x); }>("log"));
    r.add(viaDouble<"G=G", [](double x) { return std::log2(x); }>("log2"));
    r.add(viaDouble<"G=G", [](double x) { return std::log10(x); }>("log10"));
    r.add(viaDouble<"G=G", [](double x) { return std::log1p(x); }>("log1p"));
    r.add(viaDouble<"G=G", [](double x) { return std::logb(x); }>("logb"));
    r.add(viaDouble<"G=G", [](double x) { return std::rint(x); }>("rint"));
    r.add(viaDouble<"G=G", [](double x) { return std::round(x); }>("round"));
    r.add(viaDouble<"G=G", [](double x) { return 1.0 / std::sqrt(x); }>("rsqrt"));
    r.add(viaDouble<"G=G", [](double x) { return std::sin(x); }>("sin"));
    r.add(viaDouble<"G=G", [](double x) { return std::sinh(x); }>("sinh"));
    r.add(viaDouble<"G=G", [](double x) { return std::sqrt(x); }>("sqrt"));
    r.add(viaDouble<"G=G", [](double x) { return std::tan(x); }>("tan"));
    r.add(viaDouble<"G=G", [](double x) { return std::tanh(x); }>("tanh"));
    r.add(viaDouble<"G=G", [](double x) { return std::tgamma(x); }>("tgamma"));
    r.add(viaDouble<"G=G", [](double x) { return std::trunc(x); }>("trunc"));
    r.add(viaDouble<"I=G", [](double x) { return ilogb(x); }>("ilogb"));

    // Two-argument functions: gentype f(gentype, gentype).
    r.add(viaDouble<"G=GG", [](double y, double x) { return std::atan2(y, x); }>("atan2"));
    r.add(
        viaDouble<"G=GG", [](double y, double x) { return std::atan2(y, x) * kInvPi; }>("atan2pi"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return std::copysign(x, y); }>("copysign"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return std::fdim(x, y); }>("fdim"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return std::fmod(x, y); }>("fmod"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return std::hypot(x, y); }>("hypot"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return maxmag(x, y); }>("maxmag"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return minmag(x, y); }>("minmag"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return std::pow(x, y); }>("pow"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return powr(x, y); }>("powr"));
    // half_powr (at most 8192 ulp, spec 7.4) and native_powr, float only: powr itself, with
    // its special cases (powr(1, NaN) is NaN where C's pow gives 1).
    r.add(viaDouble<"G=GG", [](double x, double y) { return powr(x, y); }, Domain::FloatOnly>(
        "half_powr"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return powr(x, y); }, Domain::FloatOnly>(
        "native_powr"));
    r.add(viaDouble<"G=GG", [](double x, double y) { return std::remainder(x, y); }>("remainder"));
    r.add(lanewise<"G=GG", [](float x, float y) { return nextafterHalf(x, y); }, Domain::HalfOnly>(
        "nextafter"));
    r.add(lanewise<"G=GG", [](auto x, auto y) { return std::nextafter(x, y); }>("nextafter"));
    // fmax/fmin also accept a scalar second argument: gentype fmax(gentype, float|double).
    r.add(viaDouble<"G=Gg", [](double x, double y) { return fmaxNum(x, y); }>("fmax"));
    r.add(viaDouble<"G=Gg", [](double x, double y) { return fminNum(x, y); }>("fmin"));

    // Integer second arguments.
    r.add(viaDouble<"G=Gk", [](double x, int k) { return std::ldexp(x, k); }>("ldexp"));
    r.add(viaDouble<"G=Gi", [](double x, int n) { return std::pow(x, static_cast<double>(n)); }>(
        "pown"));
    r.add(viaDouble<"G=Gi", [](double x, int n) { return rootn(x, n); }>("rootn"));

    // Three-argument functions, in the lane's own type: fma is correctly rounded; mad may
    // be computed any way (spec 6.12.2), here as fma.
    r.add(viaDouble<"G=GGG", [](double a, double b, double c) { return fmaHalf(a, b, c); },
                    Domain::HalfOnly>("fma"));
    r.add(viaDouble<"G=GGG", [](double a, double b, double c) { return fmaHalf(a, b, c); },
                    Domain::HalfOnly>("mad"));
    r.add(lanewise<"G=GGG", [](auto a, auto b, auto c) { return std::fma(a, b, c); }>("fma"));
    r.add(lanewise<"G=GGG", [](auto a, auto b, auto c) { return std::fma(a, b, c); }>("mad"));

    registerMathBuiltins2(r);
}

} // namespace clstep
