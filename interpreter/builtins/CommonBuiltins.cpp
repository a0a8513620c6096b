/// Common functions, spec 6.12.4: clamp, degrees, max, min, mix, radians, step,
/// smoothstep, sign on float/double scalars and vectors, with the scalar-argument variants
/// the spec lists (e.g. clamp(floatn, float, float), step(float, floatn)). Computed in the
/// component's own type with the formulas the spec gives.
#include "builtins/BuiltinHelpers.h"

#include <cmath>

namespace clstep {

using namespace builtins;

namespace {

template <class T>
T clampF(T x, T lo, T hi) {
    return std::fmin(std::fmax(x, lo), hi);
}

// 1.0 for x > 0, -1.0 for x < 0, x itself for +-0, 0.0 for NaN.
template <class T>
T signF(T x) {
    if (std::isnan(x)) return T(0);
    if (x > 0) return T(1);
    if (x < 0) return T(-1);
    return x;
}

template <class T>
T smoothstepF(T e0, T e1, T x) {
    const T t = clampF((x - e0) / (e1 - e0), T(0), T(1));
    return t * t * (T(3) - T(2) * t);
}

} // namespace

/// Registers the 6.12.4 common functions with the registry. The integer max/min/clamp
/// (6.12.3) share these names and are registered first; each rejects the other's types.
void registerCommonBuiltins(BuiltinRegistry& r) {
    // clamp(gentype, gentype, gentype), clamp(gentype, float|double, float|double).
    r.add(componentwise<"G=Ggg", [](auto x, auto lo, auto hi) { return clampF(x, lo, hi); }>(
        "clamp"));
    r.add(componentwise<"G=G", [](auto x) {
        using T = decltype(x);
        return static_cast<T>(x * T(57.295779513082320876798154814105170));
    }>("degrees"));
    r.add(componentwise<"G=G", [](auto x) {
        using T = decltype(x);
        return static_cast<T>(x * T(0.017453292519943295769236907684886127));
    }>("radians"));
    // max: y if x < y, else x; min: y if y < x, else x (undefined for NaN and infinities).
    r.add(componentwise<"G=Gg", [](auto x, auto y) { return x < y ? y : x; }>("max"));
    r.add(componentwise<"G=Gg", [](auto x, auto y) { return y < x ? y : x; }>("min"));
    // mix(x, y, a) = x + (y - x) * a, with a gentype or scalar a.
    r.add(componentwise<"G=GGg", [](auto x, auto y, auto a) { return x + (y - x) * a; }>("mix"));
    // step(edge, x) = x < edge ? 0.0 : 1.0, with a gentype or scalar edge.
    r.add(componentwise<"G=gG", [](auto edge, auto x) {
        using T = decltype(x);
        return x < edge ? T(0) : T(1);
    }>("step"));
    r.add(componentwise<"G=ggG", [](auto e0, auto e1, auto x) { return smoothstepF(e0, e1, x); }>(
        "smoothstep"));
    r.add(componentwise<"G=G", [](auto x) { return signF(x); }>("sign"));
}

} // namespace clstep
