// exec::LoweredExpr: a debugger expression lowered once for the Inspector.
#include "runtime/exec/LoweredExpr.h"

#include "runtime/exec/Lowerer.h"

namespace clstep::exec {

using namespace ast;

bool LoweredExpr::hasStorage(const Expr* e) {
    if (!e->isLValue) return false;
    switch (e->kind) {
    case ExprKind::Name: {
        const Decl* d = static_cast<const NameExpr*>(e)->decl;
        return d && (d->kind == DeclKind::Var || d->kind == DeclKind::Param);
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        return !x->base->type->canonical()->isVector() || hasStorage(x->base.get());
    }
    case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        if (m->field) return m->arrow || hasStorage(m->base.get());
        return m->swizzle.size() == 1 && (m->arrow || hasStorage(m->base.get()));
    }
    case ExprKind::Unary:
        return static_cast<const UnaryExpr*>(e)->op == UnaryOp::Deref;
    default:
        return false;
    }
}

LoweredExpr::LoweredExpr(const Expr* e) : m_expr(e) {
    if (!e || !e->type.type) return; // the Inspector says "no expression"
    Lowerer lowerer(m_nodes);
    if (hasStorage(e))
        m_address = lowerer.lvalueAddress(e);
    else
        m_value = lowerer.expression(e);
}

} // namespace clstep::exec
