#pragma once

// Small helpers shared by the builtin families that touch memory or work-item state
// (work-item, vector load/store, sync, async copy, atomics, printf, address-space casts).

#include "builtins/Builtin.h"
#include "common/Half.h"
#include "core/Address.h"
#include "core/TypeContext.h"

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace clstep::mem {

/// The pointee of a pointer type with its qualifiers (address space, const, volatile,
/// endian), or a null QualType when `t` is not a pointer (spec 6.5: the address space of a
/// pointer argument is the pointee's).
inline QualType pointeeOf(const QualType& t) {
    if (!t.type || !t->canonical()->isPointer()) return QualType{};
    return t->canonical()->pointee;
}

/// The pointee of argument `i` of a resolved builtin call.
inline QualType argPointee(const BuiltinCall& call, size_t i) {
    return pointeeOf(call.argTypes[i]);
}

/// True for a scalar arithmetic type (integer, bool or floating): the kinds an ordinary C
/// call converts implicitly to a `uint`/`size_t`/`int` parameter (spec 6.2.1).
inline bool isArithmeticScalar(const QualType& t) {
    return t.type && t->canonical()->isScalarArithmetic();
}

/// True for an OpenCL C "gentype" element: char ... double, excluding bool (spec 6.1.1).
inline bool isElementScalar(const Type* t) {
    return t && t->isScalarArithmetic() && t->kind != TypeKind::Bool;
}

/// True when `p` is a pointer whose pointee lives in one of `spaces`.
inline bool pointsInto(const QualType& p, std::initializer_list<AddressSpace> spaces) {
    QualType pointee = pointeeOf(p);
    if (!pointee) return false;
    for (AddressSpace s : spaces)
        if (pointee.space == s) return true;
    return false;
}

/// The type used to access an element of type `elem` through a pointer to `pointee`: keeps the
/// pointee's address space, volatility and `endian` attribute (spec 6.11.4), so every element
/// access gets the same checks and byte-order conversion as an ordinary load or store.
inline QualType accessType(const QualType& pointee, const Type* elem) {
    QualType q;
    q.type = elem;
    q.space = pointee.space;
    q.isConst = pointee.isConst;
    q.isVolatile = pointee.isVolatile;
    q.endian = pointee.endian;
    return q;
}

/// `size_t` (spec 6.1.1: 64-bit on this device).
inline QualType sizeType(TypeContext& types) {
    return QualType{types.builtin("size_t")};
}

/// A plain (unqualified) scalar type of kind `k`.
inline QualType scalarType(TypeContext& types, TypeKind k) {
    return QualType{types.scalar(k)};
}

/// `base + bytes` within the same buffer (see Address.h). The offset saturates at the largest
/// encodable offset, so an overflowing computation lands out of bounds instead of in
/// another buffer or address space. An offset in the upper half of the range is a pointer
/// before the buffer's start (pointer arithmetic wraps the offset bits: `p - 1`), so it is
/// read as negative: `vload3(1, p - 1)` reads p[2..4], as on a device (the CTS's test_half).
/// The saturated offset itself stays saturated (so a chain of advances never wraps an
/// overflow back into the buffer; a `char` pointer one before the start is read as it).
inline uint64_t advance(uint64_t base, uint64_t bytes) {
    const uint64_t off = address::offset(base);
    if (off == address::kOffsetMask) return base;
    uint64_t sum;
    if (off > address::kOffsetMask / 2) // negative: wraps back into the buffer at most once
        sum = bytes > address::kOffsetMask ? address::kOffsetMask
                                           : (off + bytes) & address::kOffsetMask;
    else if ((sum = off + bytes) < off || sum > address::kOffsetMask)
        sum = address::kOffsetMask;
    return (base & ~address::kOffsetMask) | sum;
}

/// Fills `sig` with `result` and `params` and returns true (for resolve functions).
inline bool accept(BuiltinSignature& sig, QualType result, std::vector<QualType> params) {
    sig.result = result;
    sig.params = std::move(params);
    return true;
}

/// Rounding modes of the vstore_half family (spec 6.12.7: `_rte`, `_rtz`, `_rtp`, `_rtn`).
enum class HalfRounding : uint8_t { Rte, Rtz, Rtp, Rtn };

/// Converts `v` to the IEEE 754 binary16 bit pattern with rounding mode `mode` (spec 6.12.7
/// vstore_half): exact for every double (no double rounding through float), including
/// subnormal results, overflow (to infinity or the largest finite half as the mode requires),
/// infinities and NaN (quiet, payload's high bits kept).
uint16_t halfFromDouble(double v, HalfRounding mode);

/// vload_half's conversion (spec 6.12.7) is the one half-to-float conversion, common/Half.h.
using ::clstep::halfToFloat;

} // namespace clstep::mem
