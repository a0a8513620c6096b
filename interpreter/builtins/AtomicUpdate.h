#pragma once

#include "core/ComponentOps.h"

#include <cstdint>

namespace clstep {

/// The read-modify-write operations of the atomic functions: the 1.x atomic_<op> and atom_<op>
/// functions (spec 6.12.11, 9.5, 9.6) and the 2.0 atomic_fetch_<op> functions (6.13.11.7).
enum class AtomicOp : uint8_t { Add, Sub, Xchg, Inc, Dec, CmpXchg, Min, Max, And, Or, Xor };

/// The value an atomic operation `op` stores, from the `old` value at the location and the
/// operand `v` (CmpXchg: `v` is the value to store, and the caller stores it only when old
/// equals the compare value). `k` is the component type (int, uint, long, ulong; float only for
/// Xchg, which takes the operand's bits); integer results wrap as two's complement and are
/// normalized to `k`. Min and Max compare as signed for int and long.
inline Component atomicUpdate(AtomicOp op, Component old, Component v, TypeKind k) {
    const bool isSigned = k == TypeKind::Int || k == TypeKind::Long;
    Component r = old;
    switch (op) {
    case AtomicOp::Add:
        r.u = old.u + v.u;
        break;
    case AtomicOp::Sub:
        r.u = old.u - v.u;
        break;
    case AtomicOp::Xchg:
    case AtomicOp::CmpXchg:
        r = v;
        break;
    case AtomicOp::Inc:
        r.u = old.u + 1;
        break;
    case AtomicOp::Dec:
        r.u = old.u - 1;
        break;
    case AtomicOp::Min:
        r = (isSigned ? v.i < old.i : v.u < old.u) ? v : old;
        break;
    case AtomicOp::Max:
        r = (isSigned ? v.i > old.i : v.u > old.u) ? v : old;
        break;
    case AtomicOp::And:
        r.u = old.u & v.u;
        break;
    case AtomicOp::Or:
        r.u = old.u | v.u;
        break;
    case AtomicOp::Xor:
        r.u = old.u ^ v.u;
        break;
    }
    return component::normalize(r, k);
}

} // namespace clstep
