#pragma once

/// Shared machinery of the pure builtin families (spec 6.12.2 - 6.12.6, 6.12.12, 6.2.3,
/// 6.2.4.2): gentype overload resolution from a compact signature pattern, and component-wise
/// application of a C++ operation over the components of scalar and vector arguments.
///
/// A family declares most of its builtins in one line each, e.g.
///   r.add(componentwise<"G=Gg", [](auto x, auto y) { return std::fmax(x, y); }>("fmax"));
/// where the pattern "G=Gg" says: the result is the gentype G, argument 0 is G and argument
/// 1 is G or its scalar element (broadcast over the components).
///
/// Note: GCC 12 mis-parses `>` and `>>` inside a lambda that is a template argument; write
/// `(x > y)` in parentheses or call a named function from the lambda.

#include "builtins/Builtin.h"
#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "core/ComponentOps.h"
#include "core/TypeContext.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

namespace clstep::builtins {

// ----------------------------------------------------------------------------------------
// Signature patterns
// ----------------------------------------------------------------------------------------

/// A signature pattern "R=ABC": the result letter, '=', then one letter per argument.
/// Argument letters:
///   G  the gentype: a scalar or vector of the domain; every G argument has the same type
///      (vectors exactly, scalars are converted to the common element type, or widened to
///      the vector gentype another argument fixes: OpenCL C 6.2.1, as clang does)
///   g  G, or a scalar that is converted to G's element type and broadcast over the components
///   i  int with G's component count (int for scalar G, intn for vector G; a scalar integer
///      is widened to intn)
///   k  int or intn (a scalar int is broadcast), as in ldexp(floatn, int)
///   P  pointer to G (an out-parameter, never const); must be the last argument
///   Q  pointer to int with G's component count (out-parameter); must be the last argument
/// Result letters: G, U (unsigned G), I (int with G's component count), R (relational result:
/// int for scalars, signed integer vector of the element's width for vectors, spec 6.12.6),
/// E (G's element type: dot, length).
template <size_t N>
struct Pattern {
    char text[N] = {};
    /// The pattern of string literal `s` (a structural template argument: `componentwise<"G=Gg",
    /// ...>`); not checked here, resolvePattern rejects a letter it does not know.
    constexpr Pattern(const char (&s)[N]) { std::copy_n(s, N, text); }
    /// Number of argument letters.
    static constexpr size_t argCount() { return N - 3; }
    /// The result letter.
    constexpr char result() const { return text[0]; }
    /// The letter of argument `i`.
    constexpr char arg(size_t i) const { return text[2 + i]; }
};

/// The element types a gentype may have.
enum class Domain : uint8_t {
    Float,     ///< half, float, double (spec 6.12.2 gentype; half with cl_khr_fp16)
    FloatOnly, ///< float only (half_*, native_*, fast_* functions)
    HalfOnly,  ///< half only: the half overload of a function whose operation depends on the
               ///< format's precision (nextafter, fract), registered before its Float entry
    Integer,   ///< char ... ulong (spec 6.12.3 gentype)
    Int32,     ///< int, uint (mad24, mul24)
    Any,       ///< any integer or floating element, half included (bitselect, select)
};

/// Bit n set: n components allowed (1 = scalar).
constexpr unsigned kAllComponents =
    (1u << 1) | (1u << 2) | (1u << 3) | (1u << 4) | (1u << 8) | (1u << 16);
/// Scalars and 2-, 3-, 4-component vectors (geometric functions, spec 6.12.5).
constexpr unsigned kGeometricComponents = (1u << 1) | (1u << 2) | (1u << 3) | (1u << 4);

/// The interned type of the same shape as `t`: the canonical scalar of its kind, or the
/// vector of its element and count. `aligned` typedefs (spec 6.11.1) get a canonical type
/// of their own; gentype matching must see through them. Other types are returned as is.
const Type* plainType(TypeContext& types, const Type* t);

/// True if scalar type `t` is an element type of `domain` (false for vectors and for every
/// non-arithmetic type).
bool inDomain(const Type* t, Domain domain);

/// Resolves a call against `pattern` (see Pattern): finds the gentype from the arguments,
/// checks every argument, and fills `sig` (parameters the arguments are converted to, and
/// the result). All-scalar calls take the common element type: for the float domains the
/// widest floating argument (an all-integer call is ambiguous in OpenCL C and rejected,
/// except for FloatOnly, which has a single overload); for the integer domains the usual
/// arithmetic conversions (C99 6.3.1.8), char and short promoted to int for Int32 (mul24).
/// `componentMask` restricts the gentype's component count (bit n set: n components allowed,
/// kAllComponents). Returns false, with `sig` unspecified and nothing reported, when the arguments
/// do not fit (a BuiltinResolveFn: Sema tries the next overload, then reports no matching
/// overload).
bool resolvePattern(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig,
                    const char* pattern, Domain domain, unsigned componentMask);

/// BuiltinResolveFn for a pattern: resolvePattern with pattern P, domain D and component mask M
/// (returns false when the arguments do not fit).
template <Pattern P, Domain D, unsigned M = kAllComponents>
bool resolveWith(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    return resolvePattern(types, args, sig, P.text, D, M);
}

// ----------------------------------------------------------------------------------------
// Components
// ----------------------------------------------------------------------------------------

/// The call's result type (canonical: typedefs resolved).
inline const Type* resultType(const BuiltinCall& call) {
    return call.type.type->canonical();
}
/// The type of converted argument `i` (canonical); `i` must be below the call's argument
/// count (not checked).
inline const Type* argType(const BuiltinCall& call, size_t i) {
    return call.argTypes[i].type->canonical();
}
/// The component kind of a scalar or vector type (the element's kind for a vector, the type's own
/// for a scalar).
inline TypeKind elementKind(const Type* t) {
    return t->scalarType()->kind;
}

/// The C++ stand-in for a `half` component (cl_khr_fp16) in the component-wise machinery: a half
/// component holds its exact value as float (core/Value.h), so operations read it as float (or
/// double, Compute::Double) and every result written to a half component is rounded to half once,
/// from the operation's float or double result (round to nearest even, OpenCL C 6.1.1.1).
struct HalfComponent {};

/// The C++ type operations on components of C++ type T compute in: float for HalfComponent, T
/// itself otherwise.
template <class T>
using Arith = std::conditional_t<std::is_same_v<T, HalfComponent>, float, T>;

/// The value `v` (a float or double result) rounded to the nearest half (ties to even, with
/// subnormals, overflow to infinity and NaN), as float. One rounding from `v`: no double
/// rounding through float.
float toHalf(double v);

/// The IEEE 754 binary16 bits of a half component's float value (exact: the value is a half; a
/// NaN keeps its sign and the top 10 bits of its payload, as as_ushort(half) needs).
uint16_t halfBitsOf(float f);

/// Reads a component as C++ type T (float, double, HalfComponent (as float) or a fixed-width
/// integer; an integer component is truncated to T's width).
template <class T>
Arith<T> get(const Component& l) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, HalfComponent>)
        return l.f;
    else if constexpr (std::is_same_v<T, double>)
        return l.d;
    else if constexpr (std::is_signed_v<T>)
        return static_cast<T>(l.i);
    else
        return static_cast<T>(l.u);
}

/// Writes a component of C++ type T from value `v` (converted to T; for HalfComponent rounded to
/// half by toHalf); integers are stored sign- or zero-extended (normalized).
template <class T, class V>
void put(Component& l, V v) {
    l.u = 0;
    if constexpr (std::is_same_v<T, HalfComponent>)
        l.f = toHalf(static_cast<double>(v));
    else if constexpr (std::is_same_v<T, float>)
        l.f = static_cast<float>(v);
    else if constexpr (std::is_same_v<T, double>)
        l.d = static_cast<double>(v);
    else if constexpr (std::is_signed_v<T>)
        l.i = static_cast<T>(v);
    else
        l.u = static_cast<T>(v);
}

/// Calls `f.template operator()<T>()` with the C++ type of floating component kind `k`
/// (HalfComponent for half, double for double; any other kind is taken as float).
template <class F>
void dispatchFloat(TypeKind k, F&& f) {
    if (k == TypeKind::Double)
        f.template operator()<double>();
    else if (k == TypeKind::Half)
        f.template operator()<HalfComponent>();
    else
        f.template operator()<float>();
}

/// Calls `f.template operator()<T>()` with the C++ type of integer component kind `k` (int8_t for
/// char ... uint64_t for ulong; any other kind is taken as ulong).
template <class F>
void dispatchInteger(TypeKind k, F&& f) {
    switch (k) {
    case TypeKind::Char:
        f.template operator()<int8_t>();
        break;
    case TypeKind::UChar:
        f.template operator()<uint8_t>();
        break;
    case TypeKind::Short:
        f.template operator()<int16_t>();
        break;
    case TypeKind::UShort:
        f.template operator()<uint16_t>();
        break;
    case TypeKind::Int:
        f.template operator()<int32_t>();
        break;
    case TypeKind::UInt:
        f.template operator()<uint32_t>();
        break;
    case TypeKind::Long:
        f.template operator()<int64_t>();
        break;
    default:
        f.template operator()<uint64_t>();
        break;
    }
}

/// Dispatches on component kind `k` with the C++ types of domain D: dispatchFloat for the float
/// domains, dispatchInteger for the integer ones, either by `k` for Domain::Any.
template <Domain D, class F>
void dispatch(TypeKind k, F&& f) {
    if constexpr (D == Domain::Float || D == Domain::FloatOnly || D == Domain::HalfOnly) {
        dispatchFloat(k, f);
    } else if constexpr (D == Domain::Any) {
        if (k == TypeKind::Float || k == TypeKind::Double || k == TypeKind::Half)
            dispatchFloat(k, f);
        else
            dispatchInteger(k, f);
    } else {
        dispatchInteger(k, f);
    }
}

/// Stores `v` through the pointer in argument `index` (an out-parameter such as fract's
/// iptr), as the pointee type, attributed to the call's source range. A null, misaligned or
/// out-of-bounds pointer is reported by BuiltinEnv::store as its memory diagnostic (the
/// store is then skipped).
void storeOut(BuiltinEnv& env, const BuiltinCall& call, const Value* args, size_t index,
              const Value& v);

/// The IEEE-754 binary32 bits of float `f`, zero-extended to 64 bits.
inline uint64_t floatBits(float f) {
    uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    return b;
}
/// The IEEE-754 binary64 bits of double `d`.
inline uint64_t floatBits(double d) {
    uint64_t b;
    std::memcpy(&b, &d, sizeof b);
    return b;
}
/// The float with IEEE-754 bits `b` (low 32 bits).
inline float floatFromBits(uint64_t b) {
    uint32_t w = static_cast<uint32_t>(b);
    float f;
    std::memcpy(&f, &w, sizeof f);
    return f;
}
/// The double with IEEE-754 bits `b`.
inline double doubleFromBits(uint64_t b) {
    double d;
    std::memcpy(&d, &b, sizeof d);
    return d;
}

// ----------------------------------------------------------------------------------------
// Component-wise application
// ----------------------------------------------------------------------------------------

/// How a float-domain operation receives its G arguments.
enum class Compute : uint8_t {
    Native, ///< as the component type (float or double; float for half)
    Double, ///< as double; float and half results are rounded once from the double result
};

namespace detail {

/// Index of P's first G or g argument (whose component kind selects the C++ type), 0 if none.
template <Pattern P>
constexpr int firstGenArg() {
    for (size_t i = 0; i < P.argCount(); ++i)
        if (P.arg(i) == 'G' || P.arg(i) == 'g') return static_cast<int>(i);
    return 0;
}

/// Index of P's out-parameter (P or Q letter), -1 if none.
template <Pattern P>
constexpr int outArg() {
    for (size_t i = 0; i < P.argCount(); ++i)
        if (P.arg(i) == 'P' || P.arg(i) == 'Q') return static_cast<int>(i);
    return -1;
}

/// Reads an input component for argument letter L: int32_t for i/k, else as T (as double under
/// Compute::Double for floating T).
template <char L, class T, Compute C>
auto readArg(const Component& l) {
    if constexpr (L == 'i' || L == 'k')
        return static_cast<int32_t>(l.i);
    else if constexpr (C == Compute::Double && std::is_floating_point_v<Arith<T>>)
        return static_cast<double>(get<T>(l));
    else
        return get<T>(l);
}

/// Writes result component `v` for result (or out-parameter) letter L: as T (G, P, E), unsigned T
/// (U), int (I, Q), or a relational result (R: -1/0 in a vector, 1/0 as a scalar, spec
/// 6.12.6).
template <char L, class T, class V>
void writeComponent(Component& l, V v, bool vector) {
    if constexpr (L == 'G' || L == 'P' || L == 'E')
        put<T>(l, v);
    else if constexpr (L == 'U')
        put<std::make_unsigned_t<T>>(l, static_cast<std::make_unsigned_t<T>>(v));
    else if constexpr (L == 'I' || L == 'Q')
        put<int32_t>(l, static_cast<int32_t>(v));
    else if constexpr (L == 'R')
        put<int64_t>(l, v ? (vector ? -1 : 1) : 0);
    else
        static_assert(L == 'G', "unsupported result letter");
}

/// applyComponents for component type T: Op per result component, scalar arguments broadcast, out
/// components stored through the pointer argument after the loop (storeOut).
template <Pattern P, auto Op, Compute C, class T>
void applyTyped(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    constexpr size_t kArgs = P.argCount();
    constexpr int kOut = outArg<P>();
    constexpr size_t kIn = kOut >= 0 ? kArgs - 1 : kArgs;
    const Type* rt = resultType(call);
    const uint32_t components = rt->components();
    const bool vector = rt->isVector();
    uint32_t step[kArgs];
    for (size_t i = 0; i < kArgs; ++i)
        step[i] = argType(call, i)->isVector() ? 1 : 0;
    Value out;
    for (uint32_t k = 0; k < components; ++k) {
        auto r = [&]<size_t... I>(std::index_sequence<I...>) {
            return Op(readArg<P.arg(I), T, C>(args[I].components[k * step[I]])...);
        }
        (std::make_index_sequence<kIn>{});
        if constexpr (kOut >= 0) {
            writeComponent<P.result(), T>(result.components[k], r.first, vector);
            writeComponent<P.arg(kOut), T>(out.components[k], r.second, vector);
        } else {
            writeComponent<P.result(), T>(result.components[k], r, vector);
        }
    }
    if constexpr (kOut >= 0) storeOut(env, call, args, kOut, out);
}

} // namespace detail

/// BuiltinImplFn applying `Op` component by component (scalar arguments of a vector call are
/// broadcast). `Op` is called with one value per non-pointer argument (the G type, or
/// int32_t for i/k letters) and returns the result component; with an out-parameter (P/Q) it
/// returns a std::pair {result component, out component} and the out components are stored through
/// the pointer argument.
template <Pattern P, auto Op, Domain D, Compute C = Compute::Native>
void applyComponents(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const TypeKind k = elementKind(argType(call, detail::firstGenArg<P>()));
    dispatch<D>(k, [&]<class T>() { detail::applyTyped<P, Op, C, T>(env, call, args, result); });
}

/// A registry entry for a component-wise builtin: resolution by pattern P in domain D, `Op`
/// applied per component. Entries without pointer arguments are flagged BuiltinConstFold.
template <Pattern P, auto Op, Domain D = Domain::Float, Compute C = Compute::Native,
          unsigned M = kAllComponents>
BuiltinDef componentwise(const char* name) {
    return BuiltinDef{name, &resolveWith<P, D, M>, &applyComponents<P, Op, D, C>,
                      detail::outArg<P>() >= 0 ? BuiltinNone : BuiltinConstFold};
}

/// A float-domain component-wise entry computed in double (see Compute::Double).
template <Pattern P, auto Op, Domain D = Domain::Float>
BuiltinDef viaDouble(const char* name) {
    return componentwise<P, Op, D, Compute::Double>(name);
}

/// A registry entry with a hand-written resolver and implementation; `flags` are the
/// BuiltinFlags bits (default BuiltinConstFold: pure, no memory access and no ids).
inline BuiltinDef custom(const char* name, BuiltinResolveFn resolve, BuiltinImplFn impl,
                         unsigned flags = BuiltinConstFold) {
    return BuiltinDef{name, resolve, impl, flags};
}

// Families split over several files register their second part through these.
/// Registers the pi-scaled trigonometry, out-parameter, nan, half_* and native_* functions
/// of spec 6.12.2 (MathBuiltins2.cpp).
void registerMathBuiltins2(BuiltinRegistry& r);

} // namespace clstep::builtins
