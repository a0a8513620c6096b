/// Geometric functions, spec 6.12.5: cross, dot, distance, length, normalize and the
/// fast_* variants, on float/double scalars and 2-, 3-, 4-component vectors (cross: 3 and
/// 4 components). Sums are accumulated in a wider type (double for float, long double for
/// double), so no intermediate overflow or underflow occurs and results are within a few
/// ulp of the exact value. Half (cl_khr_fp16) is accumulated in double and each result
/// rounded once to half.
#include "builtins/BuiltinHelpers.h"

#include <cmath>

namespace clstep {

using namespace builtins;

namespace {

template <class T>
using Acc = std::conditional_t<std::is_same_v<T, double>, long double, double>;

constexpr unsigned kCrossComponents = (1u << 3) | (1u << 4);

template <class T>
Acc<T> component(const Value& v, uint32_t k) {
    return static_cast<Acc<T>>(get<T>(v.components[k]));
}

template <class T>
Acc<T> sumOfSquares(const Acc<T>* p, uint32_t n) {
    Acc<T> s = 0;
    for (uint32_t k = 0; k < n; ++k)
        s += p[k] * p[k];
    return s;
}

void implDot(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const uint32_t n = argType(call, 0)->components();
    dispatchFloat(elementKind(argType(call, 0)), [&]<class T>() {
        Acc<T> s = 0;
        for (uint32_t k = 0; k < n; ++k)
            s += component<T>(args[0], k) * component<T>(args[1], k);
        put<T>(result.components[0], s);
    });
}

// length(p) = sqrt(sum p_i^2); distance(p0, p1) = length(p0 - p1).
template <bool Distance>
void implLength(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const uint32_t n = argType(call, 0)->components();
    dispatchFloat(elementKind(argType(call, 0)), [&]<class T>() {
        Acc<T> p[4];
        for (uint32_t k = 0; k < n; ++k)
            p[k] = Distance ? component<T>(args[0], k) - component<T>(args[1], k)
                            : component<T>(args[0], k);
        put<T>(result.components[0], std::sqrt(sumOfSquares<T>(p, n)));
    });
}

// normalize(p) = p / length(p), with the special cases of the spec (OpenCL C 2.0 6.13.5):
// all-zero p returns p; any NaN gives NaNs; infinite components become +-1 and the others
// +-0 before normalizing.
void implNormalize(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const uint32_t n = argType(call, 0)->components();
    dispatchFloat(elementKind(argType(call, 0)), [&]<class T>() {
        Acc<T> p[4];
        bool allZero = true, anyNan = false, anyInf = false;
        for (uint32_t k = 0; k < n; ++k) {
            p[k] = component<T>(args[0], k);
            allZero = allZero && p[k] == 0;
            anyNan = anyNan || std::isnan(p[k]);
            anyInf = anyInf || std::isinf(p[k]);
        }
        for (uint32_t k = 0; k < n; ++k) {
            Arith<T> out;
            if (allZero)
                out = get<T>(args[0].components[k]);
            else if (anyNan)
                out = static_cast<Arith<T>>(NAN);
            else
                out = Arith<T>(0); // filled below
            put<T>(result.components[k], out);
        }
        if (allZero || anyNan) return;
        if (anyInf)
            for (uint32_t k = 0; k < n; ++k)
                p[k] = std::isinf(p[k]) ? std::copysign(Acc<T>(1), p[k]) : Acc<T>(0) * p[k];
        const Acc<T> len = std::sqrt(sumOfSquares<T>(p, n));
        for (uint32_t k = 0; k < n; ++k)
            put<T>(result.components[k], p[k] / len);
    });
}

// cross(p0, p1) = (y0 z1 - z0 y1, z0 x1 - x0 z1, x0 y1 - y0 x1[, 0]).
void implCross(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const uint32_t n = resultType(call)->components();
    dispatchFloat(elementKind(resultType(call)), [&]<class T>() {
        auto a = [&](uint32_t k) { return component<T>(args[0], k); };
        auto b = [&](uint32_t k) { return component<T>(args[1], k); };
        put<T>(result.components[0], a(1) * b(2) - a(2) * b(1));
        put<T>(result.components[1], a(2) * b(0) - a(0) * b(2));
        put<T>(result.components[2], a(0) * b(1) - a(1) * b(0));
        if (n == 4) put<T>(result.components[3], 0.0);
    });
}

} // namespace

/// Registers the 6.12.5 geometric functions with the registry.
void registerGeometricBuiltins(BuiltinRegistry& r) {
    constexpr Domain F = Domain::Float;
    constexpr Domain FO = Domain::FloatOnly;
    r.add(custom("cross", &resolveWith<"G=GG", F, kCrossComponents>, &implCross));
    r.add(custom("dot", &resolveWith<"E=GG", F, kGeometricComponents>, &implDot));
    r.add(custom("distance", &resolveWith<"E=GG", F, kGeometricComponents>, &implLength<true>));
    r.add(custom("length", &resolveWith<"E=G", F, kGeometricComponents>, &implLength<false>));
    r.add(custom("normalize", &resolveWith<"G=G", F, kGeometricComponents>, &implNormalize));
    // fast_*: float only, accuracy within 8192 ulp; computed like the full versions.
    r.add(
        custom("fast_distance", &resolveWith<"E=GG", FO, kGeometricComponents>, &implLength<true>));
    r.add(custom("fast_length", &resolveWith<"E=G", FO, kGeometricComponents>, &implLength<false>));
    r.add(custom("fast_normalize", &resolveWith<"G=G", FO, kGeometricComponents>, &implNormalize));
}

} // namespace clstep
