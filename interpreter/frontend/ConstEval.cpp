// Sema: integer constant folding (C99 6.6) for array sizes, case labels, attributes and
// the __constant initializer rule (OpenCL C 6.5.3).
#include "frontend/AstDecl.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

std::optional<int64_t> Sema::evalIntConstant(const Expr* e) {
    if (!e) return std::nullopt;
    switch (e->kind) {
    case ExprKind::IntLiteral:
        return static_cast<int64_t>(static_cast<const IntLiteralExpr*>(e)->value);
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep:
        return static_cast<int64_t>(static_cast<const TypeTraitExpr*>(e)->value);
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        if (n->decl && n->decl->kind == DeclKind::EnumConstant)
            return static_cast<const EnumConstantDecl*>(n->decl)->constant;
        return std::nullopt;
    }
    case ExprKind::ImplicitCast:
    case ExprKind::Cast: {
        const Expr* o = e->kind == ExprKind::Cast
                            ? static_cast<const CastExpr*>(e)->operand.get()
                            : static_cast<const ImplicitCastExpr*>(e)->operand.get();
        if (e->type.type && !e->type->canonical()->isInteger()) return std::nullopt;
        auto v = evalIntConstant(o);
        if (!v) return v;
        if (!e->type.type) return v;
        Component l;
        l.i = *v;
        switch (e->type->canonical()->kind) {
        case TypeKind::Char:
            return static_cast<int8_t>(l.i);
        case TypeKind::UChar:
            return static_cast<uint8_t>(l.i);
        case TypeKind::Short:
            return static_cast<int16_t>(l.i);
        case TypeKind::UShort:
            return static_cast<uint16_t>(l.i);
        case TypeKind::Int:
            return static_cast<int32_t>(l.i);
        case TypeKind::UInt:
            return static_cast<uint32_t>(l.i);
        case TypeKind::Bool:
            return l.i != 0;
        default:
            return v;
        }
    }
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        auto v = evalIntConstant(u->operand.get());
        if (!v) return v;
        switch (u->op) {
        case UnaryOp::Plus:
            return *v;
        case UnaryOp::Minus:
            return static_cast<int64_t>(0 - static_cast<uint64_t>(*v));
        case UnaryOp::BitNot:
            return ~*v;
        case UnaryOp::LogNot:
            return *v == 0;
        default:
            return std::nullopt;
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
        case BinaryOp::Add:
            return static_cast<int64_t>(ul + ur);
        case BinaryOp::Sub:
            return static_cast<int64_t>(ul - ur);
        case BinaryOp::Mul:
            return static_cast<int64_t>(ul * ur);
        case BinaryOp::Div:
            if (!*r) return std::nullopt;
            return uns ? static_cast<int64_t>(ul / ur) : *l / *r;
        case BinaryOp::Rem:
            if (!*r) return std::nullopt;
            return uns ? static_cast<int64_t>(ul % ur) : *l % *r;
        case BinaryOp::Shl:
            return static_cast<int64_t>(ul << (ur & 63));
        case BinaryOp::Shr:
            return uns ? static_cast<int64_t>(ul >> (ur & 63)) : *l >> (ur & 63);
        case BinaryOp::Lt:
            return uns ? ul < ur : *l < *r;
        case BinaryOp::Gt:
            return uns ? ul > ur : *l > *r;
        case BinaryOp::Le:
            return uns ? ul <= ur : *l <= *r;
        case BinaryOp::Ge:
            return uns ? ul >= ur : *l >= *r;
        case BinaryOp::Eq:
            return *l == *r;
        case BinaryOp::Ne:
            return *l != *r;
        case BinaryOp::BitAnd:
            return *l & *r;
        case BinaryOp::BitOr:
            return *l | *r;
        case BinaryOp::BitXor:
            return *l ^ *r;
        case BinaryOp::LogAnd:
            return *l && *r;
        case BinaryOp::LogOr:
            return *l || *r;
        case BinaryOp::Comma:
            return *r;
        default:
            return std::nullopt;
        }
    }
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        auto cond = evalIntConstant(c->cond.get());
        if (!cond) return std::nullopt;
        return evalIntConstant(*cond ? c->thenExpr.get() : c->elseExpr.get());
    }
    default:
        return std::nullopt;
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
    case ExprKind::VecStep:
        return true;
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        if (!n->decl) return false;
        if (n->decl->kind == DeclKind::EnumConstant) return true;
        // A __constant scalar or vector initialized with a constant: clang folds its value,
        // so `constant int two = one + 1;` is accepted.
        if (n->decl->kind != DeclKind::Var) return false;
        auto* v = static_cast<const VarDecl*>(n->decl);
        return v->type.type && v->type.space == AddressSpace::Constant &&
               v->type->canonical()->isArithmetic() && v->init &&
               isConstantInitializer(v->init.get());
    }
    case ExprKind::InitList:
        for (const InitElement& el : static_cast<const InitListExpr*>(e)->elements)
            if (!isConstantInitializer(el.value.get())) return false;
        return true;
    case ExprKind::VectorLiteral:
        for (const ExprPtr& el : static_cast<const VectorLiteralExpr*>(e)->elements)
            if (!isConstantInitializer(el.get())) return false;
        return true;
    case ExprKind::Cast:
        return isConstantInitializer(static_cast<const CastExpr*>(e)->operand.get()) ||
               isAddressConstant(e);
    case ExprKind::ImplicitCast:
        return isConstantInitializer(static_cast<const ImplicitCastExpr*>(e)->operand.get()) ||
               isAddressConstant(e);
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        if (u->op == UnaryOp::AddrOf) return isAddressConstant(e);
        if (u->op == UnaryOp::Plus || u->op == UnaryOp::Minus || u->op == UnaryOp::BitNot ||
            u->op == UnaryOp::LogNot)
            return isConstantInitializer(u->operand.get());
        return false;
    }
    case ExprKind::Binary: {
        auto* b = static_cast<const BinaryExpr*>(e);
        return (b->op != BinaryOp::Comma && isConstantInitializer(b->lhs.get()) &&
                isConstantInitializer(b->rhs.get())) ||
               isAddressConstant(e);
    }
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        return isConstantInitializer(c->cond.get()) && isConstantInitializer(c->thenExpr.get()) &&
               isConstantInitializer(c->elseExpr.get());
    }
    default:
        return false;
    }
}

namespace {

/// True if lvalue `e` designates (part of) an object with static storage duration: a
/// program-scope variable, an element with a constant index, or a member of one.
bool designatesStaticObject(const Expr* e) {
    while (e) {
        switch (e->kind) {
        case ExprKind::ImplicitCast:
            e = static_cast<const ImplicitCastExpr*>(e)->operand.get();
            break;
        case ExprKind::Index: {
            auto* x = static_cast<const IndexExpr*>(e);
            if (!Sema::evalIntConstant(x->index.get())) return false;
            e = x->base.get();
            break;
        }
        case ExprKind::Member: {
            auto* m = static_cast<const MemberExpr*>(e);
            if (m->arrow) return false;
            e = m->base.get();
            break;
        }
        case ExprKind::StringLiteral:
            return true;
        case ExprKind::Name: {
            auto* n = static_cast<const NameExpr*>(e);
            return n->decl && n->decl->kind == DeclKind::Var &&
                   static_cast<const VarDecl*>(n->decl)->isProgramScope;
        }
        default:
            return false;
        }
    }
    return false;
}

} // namespace

bool Sema::isAddressConstant(const Expr* e) {
    if (!e || !e->type.type) return false;
    switch (e->kind) {
    case ExprKind::StringLiteral:
        return true;
    case ExprKind::Name:
        // A program-scope array decays to the address of its first element.
        return e->type->canonical()->isArray() && designatesStaticObject(e);
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        return u->op == UnaryOp::AddrOf && designatesStaticObject(u->operand.get());
    }
    case ExprKind::ImplicitCast:
    case ExprKind::Cast: {
        const Expr* o = e->kind == ExprKind::Cast
                            ? static_cast<const CastExpr*>(e)->operand.get()
                            : static_cast<const ImplicitCastExpr*>(e)->operand.get();
        return e->type->canonical()->isPointer() && isAddressConstant(o);
    }
    case ExprKind::Binary: {
        auto* b = static_cast<const BinaryExpr*>(e);
        if (b->op == BinaryOp::Add)
            return (isAddressConstant(b->lhs.get()) && evalIntConstant(b->rhs.get())) ||
                   (isAddressConstant(b->rhs.get()) && evalIntConstant(b->lhs.get()));
        if (b->op == BinaryOp::Sub)
            return isAddressConstant(b->lhs.get()) && evalIntConstant(b->rhs.get());
        return false;
    }
    default:
        return false;
    }
}

} // namespace clstep
