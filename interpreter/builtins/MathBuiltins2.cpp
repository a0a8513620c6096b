/// Math functions, spec 6.12.2 (part 2): sinpi/cospi/tanpi, the functions with pointer
/// out-parameters (fract, frexp, modf, remquo, sincos, lgamma_r), nan, and the reduced
/// accuracy half_* and native_* functions (float and floatn only).
#include "builtins/BuiltinHelpers.h"
#include "common/Half.h"

#include <cmath>
#include <limits>
#include <string>
#include <utility>

namespace clstep {

using namespace builtins;

namespace {

constexpr double kPi = 3.14159265358979323846264338327950288;

// sin(pi * r) and cos(pi * r) for r in [0, 0.25]: the argument reduction below is exact,
// so results at multiples of 1/2 are exact (sinpi(n) = 0, cospi(n + 0.5) = 0).
double sinPiSmall(double r) {
    return std::sin(kPi * r);
}
double cosPiSmall(double r) {
    return std::cos(kPi * r);
}

// Spec 6.12.2 sinpi: sin(pi x); sinpi(+n) = +0 and sinpi(-n) = -0 for integers n.
double sinpi(double x) {
    if (std::isnan(x) || std::isinf(x)) return NAN;
    double r = std::fmod(std::fabs(x), 2.0); // exact
    double s;
    if (r <= 0.25)
        s = sinPiSmall(r);
    else if (r <= 0.75)
        s = cosPiSmall(0.5 - r);
    else if (r <= 1.25)
        s = sinPiSmall(1.0 - r);
    else if (r <= 1.75)
        s = -cosPiSmall(r - 1.5);
    else
        s = -sinPiSmall(2.0 - r);
    if (s == 0) s = 0.0; // +0 for integers, sign applied below
    return std::signbit(x) ? -s : s;
}

// Spec 6.12.2 cospi: cos(pi x); cospi(n + 0.5) = +0 for integers n.
double cospi(double x) {
    if (std::isnan(x) || std::isinf(x)) return NAN;
    double r = std::fmod(std::fabs(x), 2.0);
    double c;
    if (r <= 0.25)
        c = cosPiSmall(r);
    else if (r <= 0.75)
        c = sinPiSmall(0.5 - r);
    else if (r <= 1.25)
        c = -cosPiSmall(1.0 - r);
    else if (r <= 1.75)
        c = sinPiSmall(r - 1.5);
    else
        c = cosPiSmall(2.0 - r);
    return c == 0 ? 0.0 : c;
}

// Spec 6.12.2 tanpi: tan(pi x); tanpi(n) = copysign(0, n) for even n and copysign(0, -n)
// for odd n; tanpi(n + 0.5) = +inf for even n and -inf for odd n.
double tanpi(double x) {
    if (std::isnan(x) || std::isinf(x)) return NAN;
    double r = std::fmod(std::fabs(x), 2.0);
    const bool odd = r >= 1.0;
    if (odd) r -= 1.0; // exact; tan has period 1
    double t;
    if (r <= 0.25)
        t = std::tan(kPi * r);
    else if (r < 0.75)
        t = 1.0 / std::tan(kPi * (0.5 - r));
    else
        t = -std::tan(kPi * (1.0 - r));
    if (odd && (t == 0 || std::isinf(t))) t = -t;
    return std::signbit(x) ? -t : t;
}

// Spec 6.12.2 remquo: the remainder, and the sign of x/y with the low 7 bits of the
// integral quotient |x/y| (the spec asks for at least 7; C's remquo guarantees only 3).
std::pair<double, int> remquo7(double x, double y) {
    if (std::isnan(x) || std::isnan(y) || std::isinf(x) || y == 0) return {NAN, 0};
    const double ax = std::fabs(x), ay = std::fabs(y);
    const double period = ay * 128; // reducing modulo 128|y| keeps the quotient's low bits
    double m = ax;
    if (!std::isinf(period) && ax >= period) m = std::fmod(ax, period);
    double rem = std::remainder(m, ay);
    int q = static_cast<int>(std::nearbyint((m - rem) / ay)) & 127;
    if (std::signbit(x) != std::signbit(y)) q = -q;
    return {std::signbit(x) ? -rem : rem, q};
}

// Spec 6.12.2 fract: min(x - floor(x), 0x1.fffffep-1f) and floor(x) through iptr.
template <class T>
std::pair<T, T> fract(T x) {
    if (std::isnan(x) || x == 0) return {x, x};
    if (std::isinf(x)) return {std::copysign(T(0), x), x};
    const T fl = std::floor(x);
    const T belowOne = T(1) - std::numeric_limits<T>::epsilon() / 2;
    return {std::fmin(x - fl, belowOne), fl};
}

// fract on half values: min(x - floor(x), 0x1.ffcp-1), the largest half below 1.
std::pair<float, float> fractHalf(float x) {
    if (std::isnan(x) || x == 0) return {x, x};
    if (std::isinf(x)) return {std::copysign(0.0f, x), x};
    const float fl = std::floor(x);
    return {std::fmin(x - fl, 0x1.ffcp-1f), fl}; // x - fl is exact in float
}

std::pair<double, int> lgammaR(double x) {
    int sign = 0;
    double v = ::lgamma_r(x, &sign);
    return {v, sign};
}

// nan(uintn) -> floatn, nan(ulongn) -> doublen, nan(ushortn) -> halfn (spec 6.12.2,
// cl_khr_fp16); a scalar integer argument of 64 bits selects double, of 16 bits half, any
// other float.
bool resolveNan(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1 || !args[0].type) return false;
    const Type* t = args[0].type->canonical();
    const Type* code = nullptr;
    if (t->isVector()) {
        const TypeKind k = t->element->kind;
        if (k != TypeKind::UShort && k != TypeKind::UInt && k != TypeKind::ULong) return false;
        code = t;
    } else if (t->isInteger()) {
        code = types.scalar(t->size == 8   ? TypeKind::ULong
                            : t->size == 2 ? TypeKind::UShort
                                           : TypeKind::UInt);
    } else {
        return false;
    }
    const TypeKind k = code->scalarType()->kind;
    sig.params = {QualType{code}};
    sig.result =
        QualType{types.withElement(code, types.scalar(k == TypeKind::ULong    ? TypeKind::Double
                                                      : k == TypeKind::UShort ? TypeKind::Half
                                                                              : TypeKind::Float))};
    return true;
}

// A quiet NaN with the low bits of the code in its significand.
void implNan(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const Type* rt = resultType(call);
    const TypeKind kind = elementKind(rt);
    const uint32_t step = argType(call, 0)->isVector() ? 1 : 0;
    for (uint32_t k = 0; k < rt->lanes(); ++k) {
        uint64_t code = args[0].lanes[k * step].u;
        if (kind == TypeKind::Half)
            put<float>(result.lanes[k],
                       halfToFloat(static_cast<uint16_t>(0x7e00u | (code & 0x1ffu))));
        else if (kind == TypeKind::Double)
            put<double>(result.lanes[k],
                        doubleFromBits(0x7ff8000000000000ull | (code & 0x7ffffffffffffull)));
        else
            put<float>(result.lanes[k], floatFromBits(0x7fc00000u | (code & 0x3fffffu)));
    }
}

// Registers half_<name> (at most 8192 ulp, spec 7.4) and native_<name> (implementation-
// defined accuracy) for float and floatn; both are computed at full accuracy here.
template <Pattern P, auto Op>
void addReduced(BuiltinRegistry& r, const char* name) {
    r.add(viaDouble<P, Op, Domain::FloatOnly>((std::string("half_") + name).c_str()));
    r.add(viaDouble<P, Op, Domain::FloatOnly>((std::string("native_") + name).c_str()));
}

} // namespace

namespace builtins {

void registerMathBuiltins2(BuiltinRegistry& r) {
    r.add(viaDouble<"G=G", [](double x) { return sinpi(x); }>("sinpi"));
    r.add(viaDouble<"G=G", [](double x) { return cospi(x); }>("cospi"));
    r.add(viaDouble<"G=G", [](double x) { return tanpi(x); }>("tanpi"));

    // Out-parameters: the pointer may point to __global, __local or __private memory.
    r.add(lanewise<"G=GP", [](float x) { return fractHalf(x); }, Domain::HalfOnly>("fract"));
    r.add(lanewise<"G=GP", [](auto x) { return fract(x); }>("fract"));
    r.add(viaDouble<"G=GQ", [](double x) {
        int e = 0;
        double m = std::frexp(x, &e);
        return std::pair<double, int>{m, std::isfinite(x) ? e : 0};
    }>("frexp"));
    r.add(viaDouble<"G=GP", [](double x) {
        double ip = 0;
        double f = std::modf(x, &ip);
        return std::pair<double, double>{f, ip};
    }>("modf"));
    r.add(viaDouble<"G=GGQ", [](double x, double y) { return remquo7(x, y); }>("remquo"));
    r.add(viaDouble<"G=GP", [](double x) {
        return std::pair<double, double>{std::sin(x), std::cos(x)};
    }>("sincos"));
    r.add(viaDouble<"G=GQ", [](double x) { return lgammaR(x); }>("lgamma_r"));

    r.add(custom("nan", &resolveNan, &implNan));

    addReduced<"G=G", [](double x) { return std::cos(x); }>(r, "cos");
    addReduced<"G=GG", [](double x, double y) { return x / y; }>(r, "divide");
    addReduced<"G=G", [](double x) { return std::exp(x); }>(r, "exp");
    addReduced<"G=G", [](double x) { return std::exp2(x); }>(r, "exp2");
    addReduced<"G=G", [](double x) { return std::pow(10.0, x); }>(r, "exp10");
    addReduced<"G=G", [](double x) { return std::log(x); }>(r, "log");
    addReduced<"G=G", [](double x) { return std::log2(x); }>(r, "log2");
    addReduced<"G=G", [](double x) { return std::log10(x); }>(r, "log10");
    // half_powr and native_powr: with powr's special cases, in MathBuiltins.cpp.
    addReduced<"G=G", [](double x) { return 1.0 / x; }>(r, "recip");
    addReduced<"G=G", [](double x) { return 1.0 / std::sqrt(x); }>(r, "rsqrt");
    addReduced<"G=G", [](double x) { return std::sin(x); }>(r, "sin");
    addReduced<"G=G", [](double x) { return std::sqrt(x); }>(r, "sqrt");
    addReduced<"G=G", [](double x) { return std::tan(x); }>(r, "tan");
}

} // namespace builtins
} // namespace clstep
