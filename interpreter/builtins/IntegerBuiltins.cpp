/// Integer functions, spec 6.12.3. gentype is char, uchar, short, ushort, int, uint, long,
/// ulong and their vectors; arithmetic wraps modulo 2^bits unless the function saturates.
#include "builtins/BuiltinHelpers.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <type_traits>

namespace clstep {

using namespace builtins;

namespace {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

template <class T>
using Unsigned = std::make_unsigned_t<T>;

/// An integer type wide enough for the exact product of two T values.
template <class T>
using Wide =
    std::conditional_t<(sizeof(T) < 8), std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>,
                       std::conditional_t<std::is_signed_v<T>, Int128, UInt128>>;

template <class T>
constexpr int kBits = static_cast<int>(sizeof(T) * 8);

/// The high half of the exact product (spec 6.12.3 mul_hi).
template <class T>
T mulHi(T a, T b) {
    return static_cast<T>((static_cast<Wide<T>>(a) * static_cast<Wide<T>>(b)) >> kBits<T>);
}

/// Clamps a wide value to T's range.
template <class T, class W>
T saturate(W v) {
    if (v > static_cast<W>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    if constexpr (std::is_signed_v<T>)
        if (v < static_cast<W>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
    return static_cast<T>(v);
}

/// |x| as the unsigned type (abs(INT_MIN) is 2^31, spec 6.12.3).
template <class T>
Unsigned<T> absU(T x) {
    if constexpr (std::is_signed_v<T>)
        if (x < 0) return static_cast<Unsigned<T>>(Unsigned<T>(0) - static_cast<Unsigned<T>>(x));
    return static_cast<Unsigned<T>>(x);
}

template <class T>
T addSat(T x, T y) {
    T r;
    if (!__builtin_add_overflow(x, y, &r)) return r;
    if constexpr (std::is_signed_v<T>)
        return y > 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
    return std::numeric_limits<T>::max();
}

template <class T>
T subSat(T x, T y) {
    T r;
    if (!__builtin_sub_overflow(x, y, &r)) return r;
    if constexpr (std::is_signed_v<T>)
        return y < 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
    return T(0);
}

/// (x + y) >> 1 (hadd) or (x + y + 1) >> 1 (rhadd) without overflow (spec 6.12.3).
template <bool Round, class T>
T halfAdd(T x, T y) {
    const auto carry = Round ? ((x | y) & 1) : (x & y & 1);
    return static_cast<T>((x >> 1) + (y >> 1) + carry);
}

/// Left rotation by `s` modulo the width (spec 6.12.3 rotate; negative counts rotate right).
template <class T>
T rotateLeft(T v, T s) {
    const auto u = static_cast<Unsigned<T>>(v);
    const unsigned n = static_cast<unsigned>(static_cast<Unsigned<T>>(s)) & (kBits<T> - 1);
    if (n == 0) return v;
    return static_cast<T>(static_cast<Unsigned<T>>((u << n) | (u >> (kBits<T> - n))));
}

/// a * b + c modulo 2^bits, without signed overflow.
template <class T>
T mulAddWrap(T a, T b, T c) {
    const uint64_t p =
        static_cast<uint64_t>(a) * static_cast<uint64_t>(b) + static_cast<uint64_t>(c);
    return static_cast<T>(static_cast<Unsigned<T>>(p));
}

// upsample(hi, lo): (hi << bits(lo)) | lo, for char/uchar, short/ushort, int/uint hi and
// an unsigned lo of the same width and component count; the result has twice the width and the
// signedness of hi (spec 6.12.3).
bool resolveUpsample(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 2 || !args[0].type || !args[1].type) return false;
    const Type* hi = plainType(types, args[0].type);
    const Type* lo = plainType(types, args[1].type);
    const Type* he = hi->scalarType();
    if (!he->isInteger() || he->kind == TypeKind::Bool || he->size > 4) return false;
    const Type* loElem = types.toUnsigned(he);
    const Type* loType = types.withElement(hi, loElem);
    if (hi->isVector() ? lo != loType : !lo->isInteger()) return false;
    const Type* wide = types.signedIntegerOfSize(he->size * 2);
    if (!he->isSigned()) wide = types.toUnsigned(wide);
    sig.params = {QualType{hi}, QualType{loType}};
    sig.result = QualType{types.withElement(hi, wide)};
    return true;
}

void implUpsample(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const Type* rt = resultType(call);
    const TypeKind kind = elementKind(rt);
    const unsigned bits = static_cast<unsigned>(argType(call, 1)->scalarType()->size * 8);
    for (uint32_t k = 0; k < rt->components(); ++k) {
        Component l;
        l.u = (args[0].components[k].u << bits) | args[1].components[k].u;
        result.components[k] = component::normalize(l, kind);
    }
}

} // namespace

/// Registers the 6.12.3 integer functions with the registry.
void registerIntegerBuiltins(BuiltinRegistry& r) {
    constexpr Domain I = Domain::Integer;
    r.add(componentwise<"U=G", [](auto x) { return absU(x); }, I>("abs"));
    r.add(componentwise<"U=GG",
                        [](auto x, auto y) {
                            using U = Unsigned<decltype(x)>;
                            return (x > y) ? U(U(x) - U(y)) : U(U(y) - U(x));
                        },
                        I>("abs_diff"));
    r.add(componentwise<"G=GG", [](auto x, auto y) { return addSat(x, y); }, I>("add_sat"));
    r.add(componentwise<"G=GG", [](auto x, auto y) { return subSat(x, y); }, I>("sub_sat"));
    r.add(componentwise<"G=GG", [](auto x, auto y) { return halfAdd<false>(x, y); }, I>("hadd"));
    r.add(componentwise<"G=GG", [](auto x, auto y) { return halfAdd<true>(x, y); }, I>("rhadd"));
    // clamp(gentype, gentype, gentype) and clamp(gentype, sgentype, sgentype).
    r.add(componentwise<"G=Ggg",
                        [](auto x, auto lo, auto hi) { return std::min(std::max(x, lo), hi); }, I>(
        "clamp"));
    r.add(componentwise<"G=G",
                        [](auto x) {
                            return static_cast<decltype(x)>(
                                std::countl_zero(static_cast<Unsigned<decltype(x)>>(x)));
                        },
                        I>("clz"));
    r.add(componentwise<"G=G",
                        [](auto x) { // OpenCL C 2.0
                            return static_cast<decltype(x)>(
                                std::countr_zero(static_cast<Unsigned<decltype(x)>>(x)));
                        },
                        I>("ctz"));
    r.add(componentwise<"G=G",
                        [](auto x) {
                            return static_cast<decltype(x)>(
                                std::popcount(static_cast<Unsigned<decltype(x)>>(x)));
                        },
                        I>("popcount"));
    r.add(componentwise<"G=GGG",
                        [](auto a, auto b, auto c) {
                            using T = decltype(a);
                            return static_cast<T>(
                                static_cast<Unsigned<T>>(static_cast<Unsigned<T>>(mulHi(a, b)) +
                                                         static_cast<Unsigned<T>>(c)));
                        },
                        I>("mad_hi"));
    r.add(componentwise<"G=GGG",
                        [](auto a, auto b, auto c) {
                            using T = decltype(a);
                            return saturate<T>(static_cast<Wide<T>>(a) * static_cast<Wide<T>>(b) +
                                               static_cast<Wide<T>>(c));
                        },
                        I>("mad_sat"));
    // max/min(gentype, gentype) and (gentype, sgentype).
    r.add(componentwise<"G=Gg", [](auto x, auto y) { return std::max(x, y); }, I>("max"));
    r.add(componentwise<"G=Gg", [](auto x, auto y) { return std::min(x, y); }, I>("min"));
    r.add(componentwise<"G=GG", [](auto x, auto y) { return mulHi(x, y); }, I>("mul_hi"));
    r.add(componentwise<"G=GG", [](auto x, auto y) { return rotateLeft(x, y); }, I>("rotate"));
    r.add(custom("upsample", &resolveUpsample, &implUpsample));
    // 24-bit multiplies on int/uint: operands outside 24 bits give the implementation-
    // defined result of the full 32-bit product.
    r.add(componentwise<"G=GGG", [](auto a, auto b, auto c) { return mulAddWrap(a, b, c); },
                        Domain::Int32>("mad24"));
    r.add(componentwise<"G=GG", [](auto a, auto b) { return mulAddWrap(a, b, decltype(a)(0)); },
                        Domain::Int32>("mul24"));
}

} // namespace clstep
