#pragma once

#include "core/Operator.h"
#include "core/Type.h"
#include "core/Value.h"

#include <cmath>
#include <cstdint>

namespace clstep::component {

/// Wraps an integer component to the width of `k` (Bool, Char ... ULong), sign- or zero-extending
/// back to 64 bits, so components always hold a canonical value for their type. Bool becomes 0/1.
inline Component normalize(Component l, TypeKind k) {
    switch (k) {
    case TypeKind::Bool:
        l.u = l.u != 0;
        break;
    case TypeKind::Char:
        l.i = static_cast<int8_t>(l.u);
        break;
    case TypeKind::UChar:
        l.u = static_cast<uint8_t>(l.u);
        break;
    case TypeKind::Short:
        l.i = static_cast<int16_t>(l.u);
        break;
    case TypeKind::UShort:
        l.u = static_cast<uint16_t>(l.u);
        break;
    case TypeKind::Int:
        l.i = static_cast<int32_t>(l.u);
        break;
    case TypeKind::UInt:
        l.u = static_cast<uint32_t>(l.u);
        break;
    default:
        break;
    }
    return l;
}

/// True for Half/Float (stored in Component::f).
inline bool usesFloat(TypeKind k) {
    return k == TypeKind::Half || k == TypeKind::Float;
}

/// The component's value as double (exact for every type except 64-bit integers beyond 2^53).
inline double toDouble(Component l, TypeKind k) {
    if (usesFloat(k)) return l.f;
    if (k == TypeKind::Double) return l.d;
    if (k == TypeKind::ULong || k == TypeKind::Pointer) return static_cast<double>(l.u);
    return static_cast<double>(l.i);
}

/// Rounds a float to the nearest half-precision value (round to nearest even), returned as
/// float. Used so half components always hold representable half values.
float roundToHalf(float f);

/// Rounds a double to the nearest half-precision value (round to nearest even), returned as
/// float: one rounding from the double (spec 6.2.3.2: double -> half is correctly rounded),
/// not through float.
float roundDoubleToHalf(double d);

/// `-x` on a floating component of type `k` (Half, Float, Double): the sign flipped (IEEE 754
/// negate), so -(+0) is -0 and a NaN keeps its payload.
inline Component negateFloating(TypeKind k, Component x) {
    Component r;
    r.u = 0;
    if (k == TypeKind::Double)
        r.d = -x.d;
    else
        r.f = -x.f;
    return r;
}

/// Converts a component from type `from` to type `to` with C's implicit/explicit conversion rules
/// (spec 6.2.1): float -> integer truncates toward zero (out-of-range is undefined in C;
/// here it saturates like most GPUs and never traps), integer -> float rounds to nearest,
/// integer -> integer wraps, anything -> bool is `!= 0`.
inline Component convert(Component l, TypeKind from, TypeKind to) {
    if (from == to) return l;
    Component r;
    r.u = 0;
    bool fromFloat = usesFloat(from) || from == TypeKind::Double;
    if (to == TypeKind::Bool) {
        r.u = fromFloat ? (toDouble(l, from) != 0.0) : (l.u != 0);
        return r;
    }
    if (usesFloat(to)) {
        if (to == TypeKind::Half && from == TypeKind::Double) {
            r.f = roundDoubleToHalf(l.d);
            return r;
        }
        if (from == TypeKind::ULong)
            r.f = static_cast<float>(l.u);
        else if (fromFloat)
            r.f = static_cast<float>(toDouble(l, from));
        else
            r.f = static_cast<float>(l.i);
        if (to == TypeKind::Half) r.f = roundToHalf(r.f); // exact ints below 2^24: one rounding
        return r;
    }
    if (to == TypeKind::Double) {
        r.d = toDouble(l, from);
        return r;
    }
    // integer destination
    if (fromFloat) {
        double d = toDouble(l, from);
        if (std::isnan(d)) {
            r.u = 0;
        } else if (to == TypeKind::ULong) {
            r.u = d <= 0 ? 0 : d >= 18446744073709551615.0 ? UINT64_MAX : static_cast<uint64_t>(d);
        } else if (to == TypeKind::UInt || to == TypeKind::UShort || to == TypeKind::UChar) {
            r.i = d <= 0 ? 0 : d >= 9223372036854775807.0 ? INT64_MAX : static_cast<int64_t>(d);
        } else {
            r.i = d <= -9223372036854775808.0  ? INT64_MIN
                  : d >= 9223372036854775807.0 ? INT64_MAX
                                               : static_cast<int64_t>(d);
        }
        return normalize(r, to);
    }
    return normalize(l, to);
}

/// + - * on the most common component types, inline; false means the caller takes the
/// general path (component::arith).
inline bool quickArith(ast::BinaryOp op, TypeKind k, Component x, Component y, Component& z) {
    if (op != ast::BinaryOp::Add && op != ast::BinaryOp::Sub && op != ast::BinaryOp::Mul)
        return false;
    switch (k) {
    case TypeKind::Int: {
        const uint64_t r = op == ast::BinaryOp::Add   ? x.u + y.u
                           : op == ast::BinaryOp::Sub ? x.u - y.u
                                                      : x.u * y.u;
        z.i = static_cast<int32_t>(static_cast<uint32_t>(r));
        return true;
    }
    case TypeKind::UInt: {
        const uint64_t r = op == ast::BinaryOp::Add   ? x.u + y.u
                           : op == ast::BinaryOp::Sub ? x.u - y.u
                                                      : x.u * y.u;
        z.u = static_cast<uint32_t>(r);
        return true;
    }
    case TypeKind::Long:
    case TypeKind::ULong:
        z.u = op == ast::BinaryOp::Add   ? x.u + y.u
              : op == ast::BinaryOp::Sub ? x.u - y.u
                                         : x.u * y.u;
        return true;
    case TypeKind::Float:
        z.u = 0;
        z.f = op == ast::BinaryOp::Add   ? x.f + y.f
              : op == ast::BinaryOp::Sub ? x.f - y.f
                                         : x.f * y.f;
        return true;
    case TypeKind::Double:
        z.d = op == ast::BinaryOp::Add   ? x.d + y.d
              : op == ast::BinaryOp::Sub ? x.d - y.d
                                         : x.d * y.d;
        return true;
    default:
        return false;
    }
}

/// True for the signed integer component types (Char, Short, Int, Long).
inline bool isSignedKind(TypeKind k) {
    return k == TypeKind::Char || k == TypeKind::Short || k == TypeKind::Int || k == TypeKind::Long;
}

/// Width in bits of an integer component type (Bool and the 8-bit types: 8; Long, ULong: 64).
inline unsigned bitsOf(TypeKind k) {
    switch (k) {
    case TypeKind::Bool:
    case TypeKind::Char:
    case TypeKind::UChar:
        return 8;
    case TypeKind::Short:
    case TypeKind::UShort:
        return 16;
    case TypeKind::Int:
    case TypeKind::UInt:
        return 32;
    default:
        return 64;
    }
}

/// `a op b` for the floating-point operators + - * / (0 for any other operator, which Sema
/// does not allow on floating types).
template <typename T>
inline T floatingOp(ast::BinaryOp op, T a, T b) {
    switch (op) {
    case ast::BinaryOp::Add:
        return a + b;
    case ast::BinaryOp::Sub:
        return a - b;
    case ast::BinaryOp::Mul:
        return a * b;
    case ast::BinaryOp::Div:
        return a / b;
    default:
        return T(0);
    }
}

/// One component of a binary arithmetic or bitwise operator on component type `k`
/// (C99 6.5.5-6.5.12, spec 6.3: shifts modulo the bit width, half results rounded to half). Integer
/// division or remainder by zero gives 0 and sets `divisionByZero` (the caller reports it); INT_MIN
/// / -1 does not trap. The one implementation of these operators: the lowered nodes instantiate it
/// with constant `op` and `k`, the tree walk calls it at run time.
inline Component arith(ast::BinaryOp op, TypeKind k, Component x, Component y,
                       bool& divisionByZero) {
    using ast::BinaryOp;
    Component z;
    z.u = 0;
    if (k == TypeKind::Float || k == TypeKind::Half) {
        z.f = floatingOp(op, x.f, y.f);
        if (k == TypeKind::Half) z.f = roundToHalf(z.f);
        return z;
    }
    if (k == TypeKind::Double) {
        z.d = floatingOp(op, x.d, y.d);
        return z;
    }
    const bool s = isSignedKind(k);
    const unsigned bits = bitsOf(k);
    switch (op) {
    case BinaryOp::Add:
        z.u = x.u + y.u;
        break;
    case BinaryOp::Sub:
        z.u = x.u - y.u;
        break;
    case BinaryOp::Mul:
        z.u = x.u * y.u;
        break;
    case BinaryOp::Div:
    case BinaryOp::Rem:
        if (y.u == 0) {
            divisionByZero = true;
            z.u = 0;
        } else if (s && y.i == -1) {
            z.u = op == BinaryOp::Div ? 0 - x.u : 0; // avoids INT_MIN / -1 trap
        } else if (op == BinaryOp::Div) {
            z.u = s ? static_cast<uint64_t>(x.i / y.i) : x.u / y.u;
        } else {
            z.u = s ? static_cast<uint64_t>(x.i % y.i) : x.u % y.u;
        }
        break;
    case BinaryOp::Shl:
        z.u = x.u << (y.u & (bits - 1));
        break;
    case BinaryOp::Shr:
        z.u = s ? static_cast<uint64_t>(x.i >> (y.u & (bits - 1))) : x.u >> (y.u & (bits - 1));
        break;
    case BinaryOp::BitAnd:
        z.u = x.u & y.u;
        break;
    case BinaryOp::BitOr:
        z.u = x.u | y.u;
        break;
    case BinaryOp::BitXor:
        z.u = x.u ^ y.u;
        break;
    default:
        z.u = 0;
    }
    return normalize(z, k);
}

/// One component of a relational or equality operator (C99 6.5.8-6.5.9) on component type `k`
/// (Pointer compares as unsigned; floating types compare as double, exact for float).
inline bool compare(ast::BinaryOp op, TypeKind k, Component x, Component y) {
    using ast::BinaryOp;
    if (usesFloat(k) || k == TypeKind::Double) {
        const double dx = toDouble(x, k), dy = toDouble(y, k);
        switch (op) {
        case BinaryOp::Lt:
            return dx < dy;
        case BinaryOp::Gt:
            return dx > dy;
        case BinaryOp::Le:
            return dx <= dy;
        case BinaryOp::Ge:
            return dx >= dy;
        case BinaryOp::Eq:
            return dx == dy;
        default:
            return dx != dy;
        }
    }
    if (!isSignedKind(k)) { // unsigned integers and pointers
        switch (op) {
        case BinaryOp::Lt:
            return x.u < y.u;
        case BinaryOp::Gt:
            return x.u > y.u;
        case BinaryOp::Le:
            return x.u <= y.u;
        case BinaryOp::Ge:
            return x.u >= y.u;
        case BinaryOp::Eq:
            return x.u == y.u;
        default:
            return x.u != y.u;
        }
    }
    switch (op) {
    case BinaryOp::Lt:
        return x.i < y.i;
    case BinaryOp::Gt:
        return x.i > y.i;
    case BinaryOp::Le:
        return x.i <= y.i;
    case BinaryOp::Ge:
        return x.i >= y.i;
    case BinaryOp::Eq:
        return x.i == y.i;
    default:
        return x.i != y.i;
    }
}

} // namespace clstep::component
