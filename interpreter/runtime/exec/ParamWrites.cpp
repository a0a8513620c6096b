#include "runtime/exec/ParamWrites.h"

#include "frontend/AstWalk.h"

namespace clstep::exec {

using namespace ast;

namespace {
/// The variable or parameter an lvalue expression designates storage of: through record
/// members (`.`), vector components and elements of arrays (not through pointers: `p[i]` and
/// `p->x` designate the pointee's storage). Null for anything else.
const Decl* rootOf(const Expr* e) {
    for (;;) {
        switch (e->kind) {
        case ExprKind::Name:
            return static_cast<const NameExpr*>(e)->decl;
        case ExprKind::Member: {
            auto* m = static_cast<const MemberExpr*>(e);
            if (m->arrow) return nullptr;
            e = m->base.get();
            break;
        }
        case ExprKind::Index: {
            auto* x = static_cast<const IndexExpr*>(e);
            const Type* t = x->base->type ? x->base->type->canonical() : nullptr;
            if (!t || t->isPointer()) return nullptr;
            e = x->base.get();
            break;
        }
        case ExprKind::ImplicitCast:
            e = static_cast<const ImplicitCastExpr*>(e)->operand.get();
            break;
        default:
            return nullptr;
        }
        if (!e) return nullptr;
    }
}
} // namespace

std::vector<bool> writtenParameters(const FunctionDecl& fn) {
    std::vector<bool> written(fn.params.size(), false);
    for (size_t i = 0; i < fn.params.size(); ++i) {
        const Type* t = fn.params[i]->type->canonical();
        written[i] = !(t->isScalar() || t->isVector() || t->isPointer());
    }
    auto mark = [&](const Expr* lvalue) {
        const Decl* d = lvalue ? rootOf(lvalue) : nullptr;
        if (!d || d->kind != DeclKind::Param) return;
        for (size_t i = 0; i < fn.params.size(); ++i)
            if (fn.params[i].get() == d) written[i] = true;
    };
    walk(
        fn.body.get(), [](const Stmt*) {},
        [&](const Expr* e) {
            if (e->kind == ExprKind::Assign) {
                mark(static_cast<const AssignExpr*>(e)->lhs.get());
            } else if (e->kind == ExprKind::Unary) {
                auto* u = static_cast<const UnaryExpr*>(e);
                if (u->op == UnaryOp::AddrOf || u->op == UnaryOp::PreInc ||
                    u->op == UnaryOp::PreDec || u->op == UnaryOp::PostInc ||
                    u->op == UnaryOp::PostDec)
                    mark(u->operand.get());
            }
        });
    return written;
}

} // namespace clstep::exec
