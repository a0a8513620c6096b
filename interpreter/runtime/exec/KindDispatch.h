#pragma once

#include "core/Type.h"
#include "frontend/Ast.h"
#include "runtime/exec/Code.h"

#include <type_traits>

// Choosing a handler template instantiation for an operator and a component type known at
// lowering time (exec::Lowerer): byKind(k, fn) calls fn with std::integral_constant<k>.
namespace clstep::exec::dispatch {

using ast::BinaryOp;

template <TypeKind K>
using KindC = std::integral_constant<TypeKind, K>;
template <BinaryOp O>
using OpC = std::integral_constant<BinaryOp, O>;

/// `fn(KindC<k>{})` for the scalar component types (Bool ... Double, Pointer); null otherwise.
template <typename R = Node::Fn, typename Fn>
inline R byKind(TypeKind k, Fn fn) {
    switch (k) {
    case TypeKind::Bool:
        return fn(KindC<TypeKind::Bool>{});
    case TypeKind::Char:
        return fn(KindC<TypeKind::Char>{});
    case TypeKind::UChar:
        return fn(KindC<TypeKind::UChar>{});
    case TypeKind::Short:
        return fn(KindC<TypeKind::Short>{});
    case TypeKind::UShort:
        return fn(KindC<TypeKind::UShort>{});
    case TypeKind::Int:
        return fn(KindC<TypeKind::Int>{});
    case TypeKind::UInt:
        return fn(KindC<TypeKind::UInt>{});
    case TypeKind::Long:
        return fn(KindC<TypeKind::Long>{});
    case TypeKind::ULong:
        return fn(KindC<TypeKind::ULong>{});
    case TypeKind::Half:
        return fn(KindC<TypeKind::Half>{});
    case TypeKind::Float:
        return fn(KindC<TypeKind::Float>{});
    case TypeKind::Double:
        return fn(KindC<TypeKind::Double>{});
    case TypeKind::Pointer:
        return fn(KindC<TypeKind::Pointer>{});
    default:
        return nullptr;
    }
}

/// `fn(OpC<op>{})` for the arithmetic and bitwise operators; null otherwise.
template <typename R = Node::Fn, typename Fn>
inline R byArithOp(BinaryOp op, Fn fn) {
    switch (op) {
    case BinaryOp::Mul:
        return fn(OpC<BinaryOp::Mul>{});
    case BinaryOp::Div:
        return fn(OpC<BinaryOp::Div>{});
    case BinaryOp::Rem:
        return fn(OpC<BinaryOp::Rem>{});
    case BinaryOp::Add:
        return fn(OpC<BinaryOp::Add>{});
    case BinaryOp::Sub:
        return fn(OpC<BinaryOp::Sub>{});
    case BinaryOp::Shl:
        return fn(OpC<BinaryOp::Shl>{});
    case BinaryOp::Shr:
        return fn(OpC<BinaryOp::Shr>{});
    case BinaryOp::BitAnd:
        return fn(OpC<BinaryOp::BitAnd>{});
    case BinaryOp::BitXor:
        return fn(OpC<BinaryOp::BitXor>{});
    case BinaryOp::BitOr:
        return fn(OpC<BinaryOp::BitOr>{});
    default:
        return nullptr;
    }
}

/// `fn(OpC<op>{})` for the relational and equality operators; null otherwise.
template <typename R = Node::Fn, typename Fn>
inline R byCompareOp(BinaryOp op, Fn fn) {
    switch (op) {
    case BinaryOp::Lt:
        return fn(OpC<BinaryOp::Lt>{});
    case BinaryOp::Gt:
        return fn(OpC<BinaryOp::Gt>{});
    case BinaryOp::Le:
        return fn(OpC<BinaryOp::Le>{});
    case BinaryOp::Ge:
        return fn(OpC<BinaryOp::Ge>{});
    case BinaryOp::Eq:
        return fn(OpC<BinaryOp::Eq>{});
    case BinaryOp::Ne:
        return fn(OpC<BinaryOp::Ne>{});
    default:
        return nullptr;
    }
}

} // namespace clstep::exec::dispatch
