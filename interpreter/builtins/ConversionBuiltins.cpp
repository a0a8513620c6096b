/// Explicit conversions convert_<T>[_sat][_rte|_rtz|_rtp|_rtn] (spec 6.2.3) and
/// reinterpretations as_<T> (spec 6.2.4.2), for every scalar and vector destination T of
/// char ... ulong, half (cl_khr_fp16), float and double. Conversions to half round once
/// from the exact source value in the requested mode (no double rounding through float).
#include "builtins/BuiltinHelpers.h"
#include "builtins/MemoryBuiltinHelpers.h"
#include "core/ScalarTypes.h"

#include <array>
#include <cmath>
#include <span>
#include <string>

namespace clstep {

using namespace builtins;

namespace {

enum class Round : uint8_t { Default, Rte, Rtz, Rtp, Rtn };

/// The destination types: char ... double (core/ScalarTypes.h).
constexpr std::span<const ScalarTypeInfo> kKinds = vectorElementTypes();
constexpr uint32_t kWidths[] = {1, 2, 3, 4, 8, 16};
constexpr size_t kKindCount = kKinds.size();
constexpr size_t kWidthCount = std::size(kWidths);

bool isFloatKind(TypeKind k) {
    const ScalarTypeInfo* s = scalarTypeInfo(k);
    return s && s->isFloat;
}

// --- Resolution: convert_T and as_T take any non-bool arithmetic scalar or vector with
// the destination's component count (convert) or byte size (as; 3-component vectors have the
// size of 4 components, so e.g. as_int3(float4) and as_char4(int) are valid).
template <bool As, TypeKind K, uint32_t N>
bool resolveTo(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1 || !args[0].type) return false;
    const Type* src = args[0].type->canonical();
    if (!src->isArithmetic()) return false;
    const TypeKind sk = elementKind(src);
    const Type* dst = types.scalar(K);
    if (N > 1) dst = types.vector(dst, N);
    if (As) {
        if (sk == TypeKind::Bool || src->size != dst->size) return false;
    } else if (src->components() != N) {
        return false;
    }
    sig.params = {QualType{src}};
    sig.result = QualType{dst};
    return true;
}

template <bool As, size_t I>
constexpr BuiltinResolveFn resolverAt() {
    return &resolveTo<As, kKinds[I / kWidthCount].kind, kWidths[I % kWidthCount]>;
}
template <bool As, size_t... I>
constexpr std::array<BuiltinResolveFn, sizeof...(I)> resolverTable(std::index_sequence<I...>) {
    return {resolverAt<As, I>()...};
}

// --- convert_T component conversion ---

struct IntLimits {
    int64_t min;
    uint64_t max;
    int bits;
    bool isSigned;
};

IntLimits limitsOf(TypeKind k) {
    switch (k) {
    case TypeKind::Char:
        return {INT8_MIN, INT8_MAX, 8, true};
    case TypeKind::UChar:
        return {0, UINT8_MAX, 8, false};
    case TypeKind::Short:
        return {INT16_MIN, INT16_MAX, 16, true};
    case TypeKind::UShort:
        return {0, UINT16_MAX, 16, false};
    case TypeKind::Int:
        return {INT32_MIN, INT32_MAX, 32, true};
    case TypeKind::UInt:
        return {0, UINT32_MAX, 32, false};
    case TypeKind::Long:
        return {INT64_MIN, INT64_MAX, 64, true};
    default:
        return {0, UINT64_MAX, 64, false};
    }
}

// Rounds an exact double to an integral value in mode `r` (Default is rtz for integer
// destinations, spec 6.2.3.2). Independent of the host's floating-point environment.
double roundIntegral(double d, Round r) {
    switch (r) {
    case Round::Rtp:
        return std::ceil(d);
    case Round::Rtn:
        return std::floor(d);
    case Round::Rte: {
        const double f = std::floor(d);
        const double diff = d - f; // exact
        if (diff > 0.5 || (diff == 0.5 && std::fmod(f, 2.0) != 0)) return f + 1;
        return f;
    }
    default:
        return std::trunc(d);
    }
}

// Float -> integer: round, then clamp to the destination range (NaN -> 0). Out-of-range
// values without _sat are implementation-defined (spec 6.2.3.3); they clamp here too.
Component floatToInt(double d, TypeKind to, Round r) {
    const IntLimits lim = limitsOf(to);
    Component out;
    out.u = 0;
    if (std::isnan(d)) return out;
    d = roundIntegral(d, r);
    const double maxPlus1 = std::ldexp(1.0, lim.bits - (lim.isSigned ? 1 : 0));
    if (d >= maxPlus1)
        out.u = lim.max;
    else if (d < static_cast<double>(lim.min))
        out.i = lim.min;
    else if (lim.isSigned)
        out.i = static_cast<int64_t>(d);
    else
        out.u = static_cast<uint64_t>(d);
    return component::normalize(out, to);
}

// Integer -> integer with saturation (spec 6.2.3.3).
Component saturateInt(Component l, bool fromSigned, TypeKind to) {
    const IntLimits lim = limitsOf(to);
    Component out = l;
    if (fromSigned && l.i < 0) {
        if (l.i < lim.min) out.i = lim.min;
    } else if (l.u > lim.max) {
        out.u = lim.max;
    }
    return component::normalize(out, to);
}

// Moves a round-to-nearest result `f` of the exact value one step in direction `r` when
// it is on the wrong side; `cmp` is the sign of (f - exact).
template <class F>
F adjustRounding(F f, int cmp, bool negative, Round r) {
    if (cmp == 0) return f;
    switch (r) {
    case Round::Rtz:
        if ((cmp > 0) != negative) return std::nextafter(f, F(0));
        return f;
    case Round::Rtp:
        return cmp < 0 ? std::nextafter(f, F(INFINITY)) : f;
    case Round::Rtn:
        return cmp > 0 ? std::nextafter(f, -F(INFINITY)) : f;
    default:
        return f;
    }
}

// Integer -> float or double in rounding mode r (Default is rte, spec 6.2.3.2).
template <class F>
F intToFloat(Component l, bool isSigned, Round r) {
    const F f = isSigned ? static_cast<F>(l.i) : static_cast<F>(l.u); // nearest even
    if (r == Round::Default || r == Round::Rte) return f;
    int cmp; // sign of f - exact; f is integral, compare it as an integer when in range
    if (isSigned) {
        if (f >= F(9223372036854775808.0))
            cmp = 1;
        else {
            const int64_t back = static_cast<int64_t>(f);
            cmp = back < l.i ? -1 : back > l.i ? 1 : 0;
        }
    } else {
        if (f >= F(18446744073709551616.0))
            cmp = 1;
        else {
            const uint64_t back = static_cast<uint64_t>(f);
            cmp = back < l.u ? -1 : back > l.u ? 1 : 0;
        }
    }
    return adjustRounding(f, cmp, isSigned && l.i < 0, r);
}

// Double -> float in rounding mode r.
float doubleToFloat(double d, Round r) {
    const float f = static_cast<float>(d); // nearest even (inf on overflow)
    if (r == Round::Default || r == Round::Rte || std::isnan(d)) return f;
    const double back = f;
    const int cmp = back < d ? -1 : back > d ? 1 : 0;
    return adjustRounding(f, cmp, d < 0, r);
}

// An exact double (any half, float or integer source of a half's range) -> half in mode r
// (Default is rte, spec 6.2.3.2), as float. Integers beyond 2^53 round to a double first; they
// are far beyond the largest half, so the result (infinity or 65504 by mode) is the same.
float toHalfRounded(double d, Round r) {
    const mem::HalfRounding m = r == Round::Rtz   ? mem::HalfRounding::Rtz
                                : r == Round::Rtp ? mem::HalfRounding::Rtp
                                : r == Round::Rtn ? mem::HalfRounding::Rtn
                                                  : mem::HalfRounding::Rte;
    return mem::halfToFloat(mem::halfFromDouble(d, m));
}

Component convertComponent(Component l, TypeKind from, TypeKind to, bool sat, Round r) {
    Component out;
    out.u = 0;
    if (to == TypeKind::Half) {
        if (from == TypeKind::Half)
            out.f = l.f;
        else if (isFloatKind(from))
            out.f = toHalfRounded(component::toDouble(l, from), r);
        else if (from == TypeKind::ULong)
            out.f = toHalfRounded(static_cast<double>(l.u), r);
        else
            out.f = toHalfRounded(static_cast<double>(l.i), r);
        return out;
    }
    if (isFloatKind(from)) {
        const double d = component::toDouble(l, from);
        if (to == TypeKind::Double)
            out.d = d;
        else if (to == TypeKind::Float)
            out.f = from == TypeKind::Double ? doubleToFloat(d, r) : l.f;
        else
            out = floatToInt(d, to, r);
        return out;
    }
    const bool fromSigned = from == TypeKind::Char || from == TypeKind::Short ||
                            from == TypeKind::Int || from == TypeKind::Long;
    if (to == TypeKind::Double)
        out.d = intToFloat<double>(l, fromSigned, r);
    else if (to == TypeKind::Float)
        out.f = intToFloat<float>(l, fromSigned, r);
    else
        out = sat ? saturateInt(l, fromSigned, to) : component::normalize(l, to);
    return out;
}

template <bool Sat, Round R>
void implConvert(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const TypeKind from = elementKind(argType(call, 0));
    const Type* rt = resultType(call);
    const TypeKind to = elementKind(rt);
    for (uint32_t k = 0; k < rt->components(); ++k)
        result.components[k] = convertComponent(args[0].components[k], from, to, Sat, R);
}

// --- as_T: reinterpret the little-endian bytes of the components ---

void implAs(BuiltinEnv&, const BuiltinCall& call, const Value* args, Value& result) {
    const Type* src = argType(call, 0);
    const Type* dst = resultType(call);
    uint8_t bytes[128] = {};
    const uint64_t sw = src->scalarType()->size;
    const TypeKind sk = elementKind(src);
    for (uint32_t k = 0; k < src->components(); ++k) {
        const Component& l = args[0].components[k];
        const uint64_t bits = sk == TypeKind::Float  ? floatBits(l.f)
                              : sk == TypeKind::Half ? halfBitsOf(l.f)
                                                     : l.u;
        for (uint64_t b = 0; b < sw; ++b)
            bytes[k * sw + b] = static_cast<uint8_t>(bits >> (8 * b));
    }
    const uint64_t dw = dst->scalarType()->size;
    const TypeKind dk = elementKind(dst);
    for (uint32_t k = 0; k < dst->components(); ++k) {
        uint64_t bits = 0;
        for (uint64_t b = 0; b < dw; ++b)
            bits |= uint64_t(bytes[k * dw + b]) << (8 * b);
        Component l;
        l.u = bits;
        if (dk == TypeKind::Float)
            put<float>(l, floatFromBits(bits));
        else if (dk == TypeKind::Half)
            put<float>(l, mem::halfToFloat(static_cast<uint16_t>(bits)));
        else if (dk != TypeKind::Double)
            l = component::normalize(l, dk);
        result.components[k] = l;
    }
}

constexpr const char* kRoundSuffix[] = {"", "_rte", "_rtz", "_rtp", "_rtn"};
constexpr Round kRounds[] = {Round::Default, Round::Rte, Round::Rtz, Round::Rtp, Round::Rtn};

template <bool Sat, size_t... I>
constexpr std::array<BuiltinImplFn, sizeof...(I)> convertImpls(std::index_sequence<I...>) {
    return {&implConvert<Sat, kRounds[I]>...};
}

} // namespace

/// Registers convert_<T>[_sat][_<rounding>] and as_<T> for every destination type T.
/// _sat is registered for integer destinations only (spec 6.2.3: no _sat for float).
void registerConversionBuiltins(BuiltinRegistry& r) {
    constexpr auto kSeq = std::make_index_sequence<kKindCount * kWidthCount>{};
    constexpr auto convertResolvers = resolverTable<false>(kSeq);
    constexpr auto asResolvers = resolverTable<true>(kSeq);
    constexpr auto plain = convertImpls<false>(std::make_index_sequence<5>{});
    constexpr auto saturating = convertImpls<true>(std::make_index_sequence<5>{});
    for (size_t i = 0; i < kKindCount * kWidthCount; ++i) {
        const uint32_t n = kWidths[i % kWidthCount];
        const TypeKind kind = kKinds[i / kWidthCount].kind;
        const std::string type =
            std::string(kKinds[i / kWidthCount].name) + (n > 1 ? std::to_string(n) : "");
        r.add(custom(("as_" + type).c_str(), asResolvers[i], &implAs));
        for (size_t m = 0; m < 5; ++m) {
            const std::string name = "convert_" + type;
            r.add(custom((name + kRoundSuffix[m]).c_str(), convertResolvers[i], plain[m]));
            if (!isFloatKind(kind))
                r.add(custom((name + "_sat" + kRoundSuffix[m]).c_str(), convertResolvers[i],
                             saturating[m]));
        }
    }
}

} // namespace clstep
