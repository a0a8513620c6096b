// Sema: integer constant folding (C99 6.6) for array sizes, case labels, attributes and
// the __constant initializer rule (OpenCL C 6.5.3).
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

std::optional<int64_t> Sema::evalIntConstant(const Expr* e) {
    if (!e) return std::nullopt;
    switch (e->kind) {
    case ExprKind::IntLiteral: return static_cast<int64_t>(static_cast<const IntLiteralExpr*>(e)->value);
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep: return static_cast<int64_t>(static_cast<const TypeTraitExpr*>(e)->value);
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        if (n->decl && n->decl->kind == DeclKind::EnumConstant)
            return static_cast<const EnumConstantDecl*>(n->decl)->constant;
        return std::nullopt;
    }
    case ExprKind::ImplicitCast:
    case ExprKind::Cast: {
        const Expr* o = e->kind == ExprKind::Cast ? static_cast<const CastExpr*>(e)->operand.get()
                                                  : static_cast<const ImplicitCastExpr*>(e)->operand.get();
        if (e->type.type && !e->type->canonical()->isInteger()) return std::nullopt;
        auto v = evalIntConstant(o);
        if (!v) return v;
        if (!e->type.type) return v;
        Lane l;
        l.i = *v;
        switch (e->type->canonical()->kind) {
        case TypeKind::Char: return static_cast<int8_t>(l.i);
        case TypeKind::UChar: return static_cast<uint8_t>(l.i);
        case TypeKind::Short: return static_cast<int16_t>(l.i);
        case TypeKind::UShort: return static_cast<uint16_t>(l.i);
        case TypeKind::Int: return static_cast<int32_t>(l.i);
        case TypeKind::UInt: return static_cast<uint32_t>(l.i);
        case TypeKind::Bool: return l.i != 0;
        default: return v;
        }
    }
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        auto v = evalIntConstant(u->operand.get());
        if (!v) return v;
        switch (u->op) {
        case UnaryOp::Plus: return *v;
        case UnaryOp::Minus: return static_cast<int64_t>(0 - static_cast<uint64_t>(*v));
        case UnaryOp::BitNot: return ~*v;
        case UnaryOp::LogNot: return *v == 0;
        default: return std::nullopt;
        }
    }
    case ExprKind::Binary: {
        auto* b = static_cast<const BinaryExpr*>(e);
        auto l = evalIntConstant(b->lhs.get());
        if (b->op == BinaryOp::LogAnd && l && !*l) return 0;
        if (b->op == BinaryOp::LogOr && l && *l) return 1;
        auto r = evalIntConstant(b->rhs.get());
        if (!l || !r) return std::nullopt;
        bool uns = b->lhs->type.type && !b->lhs->type->isSigned();
        uint64_t ul = static_cast<uint64_t>(*l), ur = static_cast<uint64_t>(*r);
        switch (b->op) {
        case BinaryOp::Add: return static_cast<int64_t>(ul + ur);
        case BinaryOp::Sub: return static_cast<int64_t>(ul - ur);
        case BinaryOp::Mul: return static_cast<int64_t>(ul * ur);
        case BinaryOp::Div:
            if (!*r) return std::nullopt;
            return uns ? static_cast<int64_t>(ul / ur) : *l / *r;
        case BinaryOp::Rem:
            if (!*r) return std::nullopt;
            return uns ? static_cast<int64_t>(ul % ur) : *l % *r;
        case BinaryOp::Shl: return static_cast<int64_t>(ul << (ur & 63));
        case BinaryOp::Shr: return uns ? static_cast<int64_t>(ul >> (ur & 63)) : *l >> (ur & 63);
        case BinaryOp::Lt: return uns ? ul < ur : *l < *r;
        case BinaryOp::Gt: return uns ? ul > ur : *l > *r;
        case BinaryOp::Le: return uns ? ul <= ur : *l <= *r;
        case BinaryOp::Ge: return uns ? ul >= ur : *l >= *r;
        case BinaryOp::Eq: return *l == *r;
        case BinaryOp::Ne: return *l != *r;
        case BinaryOp::BitAnd: return *l & *r;
        case BinaryOp::BitOr: return *l | *r;
        case BinaryOp::BitXor: return *l ^ *r;
        case BinaryOp::LogAnd: return *l && *r;
        case BinaryOp::LogOr: return *l || *r;
        case BinaryOp::Comma: return *r;
        default: return std::nullopt;
        }
    }
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        auto cond = evalIntConstant(c->cond.get());
        if (!cond) return std::nullopt;
        return evalIntConstant(*cond ? c->thenExpr.get() : c->elseExpr.get());
    }
    default: return std::nullopt;
    }
}

bool Sema::isConstantInitializer(const Expr* e) {
    if (!e) return true;
    switch (e->kind) {
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
    case ExprKind::StringLiteral:
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep: return true;
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        return n->decl && n->decl->kind == DeclKind::EnumConstant;
    }
    case ExprKind::InitList:
        for (const InitElement& el : static_cast<const InitListExpr*>(e)->elements)
            if (!isConstantInitializer(el.value.get())) return false;
        return true;
    case ExprKind::VectorLiteral:
        for (const ExprPtr& el : static_cast<const VectorLiteralExpr*>(e)->elements)
            if (!isConstantInitializer(el.get())) return false;
        return true;
    case ExprKind::Cast: return isConstantInitializer(static_cast<const CastExpr*>(e)->operand.get());
    case ExprKind::ImplicitCast: return isConstantInitializer(static_cast<const ImplicitCastExpr*>(e)->operand.get());
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        if (u->op == UnaryOp::Plus || u->op == UnaryOp::Minus || u->op == UnaryOp::BitNot || u->op == UnaryOp::LogNot)
            return isConstantInitializer(u->operand.get());
        return false;
    }
    case ExprKind::Binary: {
        auto* b = static_cast<const BinaryExpr*>(e);
        return b->op != BinaryOp::Comma && isConstantInitializer(b->lhs.get()) && isConstantInitializer(b->rhs.get());
    }
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        return isConstantInitializer(c->cond.get()) && isConstantInitializer(c->thenExpr.get()) &&
               isConstantInitializer(c->elseExpr.get());
    }
    default: return false;
    }
}

} // namespace clstep
