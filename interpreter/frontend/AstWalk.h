#pragma once

// Generic traversal of the clstep AST: the direct children of a statement or an expression
// (forEachChild) and a pre-order walk that callbacks can prune or stop (walk). Walkers that
// look for something in the statement/expression tree (barrier reachability, string
// literals, variables in scope, statements on a line, side effects) use these instead of a
// switch over every node kind of their own.

#include "frontend/AstDecl.h"
#include "frontend/AstStmt.h"

#include <type_traits>
#include <vector>

namespace clstep::ast {

/// What a walk() callback asks for after it has seen a node.
enum class Visit {
    Children, ///< go on into the node's children
    Skip,     ///< leave out the node's children, go on with the rest
    Stop,     ///< end the whole walk
};

namespace detail {
/// Calls `f(node)`; a callback that returns nothing means Visit::Children.
template <typename F, typename Node>
Visit visit(F& f, const Node* node) {
    if constexpr (std::is_void_v<std::invoke_result_t<F&, const Node*>>) {
        f(node);
        return Visit::Children;
    } else {
        return f(node);
    }
}
/// Whether a walk enters the children of a node its callback answered `v` for; `go`
/// becomes false on Visit::Stop.
inline bool enter(Visit v, bool& go) {
    go = v != Visit::Stop;
    return v == Visit::Children;
}
} // namespace detail

/// Calls `onStmt(const Stmt*)` for each direct child statement of `s` and `onExpr(const
/// Expr*)` for each direct child expression, in source order, leaving out absent (null)
/// ones: Compound its items; Decl the initializers of its variables; Expr its expression;
/// If cond, then, else; While cond, body; DoWhile body, cond; For init, cond, inc, body;
/// Switch cond, body; Case value, sub; Default and Label sub; Return value. `s` may be null.
template <typename StmtFn, typename ExprFn>
void forEachChild(const Stmt* s, StmtFn&& onStmt, ExprFn&& onExpr) {
    if (!s) return;
    auto stmt = [&](const StmtPtr& c) {
        if (c) onStmt(static_cast<const Stmt*>(c.get()));
    };
    auto expr = [&](const ExprPtr& e) {
        if (e) onExpr(static_cast<const Expr*>(e.get()));
    };
    switch (s->kind) {
    case StmtKind::Compound:
        for (const StmtPtr& c : static_cast<const CompoundStmt*>(s)->body)
            stmt(c);
        break;
    case StmtKind::Decl:
        for (const DeclPtr& d : static_cast<const DeclStmt*>(s)->decls)
            if (d->kind == DeclKind::Var) expr(static_cast<const VarDecl*>(d.get())->init);
        break;
    case StmtKind::Expr:
        expr(static_cast<const ExprStmt*>(s)->expr);
        break;
    case StmtKind::If: {
        auto* i = static_cast<const IfStmt*>(s);
        expr(i->cond);
        stmt(i->thenStmt);
        stmt(i->elseStmt);
        break;
    }
    case StmtKind::While:
        expr(static_cast<const WhileStmt*>(s)->cond);
        stmt(static_cast<const WhileStmt*>(s)->body);
        break;
    case StmtKind::DoWhile:
        stmt(static_cast<const DoWhileStmt*>(s)->body);
        expr(static_cast<const DoWhileStmt*>(s)->cond);
        break;
    case StmtKind::For: {
        auto* f = static_cast<const ForStmt*>(s);
        stmt(f->init);
        expr(f->cond);
        expr(f->inc);
        stmt(f->body);
        break;
    }
    case StmtKind::Switch:
        expr(static_cast<const SwitchStmt*>(s)->cond);
        stmt(static_cast<const SwitchStmt*>(s)->body);
        break;
    case StmtKind::Case:
        expr(static_cast<const CaseStmt*>(s)->value);
        stmt(static_cast<const CaseStmt*>(s)->sub);
        break;
    case StmtKind::Default:
        stmt(static_cast<const DefaultStmt*>(s)->sub);
        break;
    case StmtKind::Label:
        stmt(static_cast<const LabelStmt*>(s)->sub);
        break;
    case StmtKind::Return:
        expr(static_cast<const ReturnStmt*>(s)->value);
        break;
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Goto:
    case StmtKind::Null:
        break;
    }
}

/// Calls `onExpr(const Expr*)` for each direct child expression of `e`, in source order,
/// leaving out absent (null) ones: Unary, Cast and ImplicitCast their operand; Binary and
/// Assign lhs, rhs; Conditional cond, then, else; Call callee, arguments; Index base,
/// index; Member base; VectorLiteral its elements; InitList each element's designator
/// indices, then its value; CompoundLiteral its initializer list; Sizeof, Alignof and
/// VecStep their operand expression, which is not evaluated at run time (walks that stand
/// for evaluation skip these kinds). `e` may be null.
template <typename ExprFn>
void forEachChild(const Expr* e, ExprFn&& onExpr) {
    if (!e) return;
    auto expr = [&](const Expr* c) {
        if (c) onExpr(c);
    };
    switch (e->kind) {
    case ExprKind::Unary:
        expr(static_cast<const UnaryExpr*>(e)->operand.get());
        break;
    case ExprKind::Binary:
        expr(static_cast<const BinaryExpr*>(e)->lhs.get());
        expr(static_cast<const BinaryExpr*>(e)->rhs.get());
        break;
    case ExprKind::Assign:
        expr(static_cast<const AssignExpr*>(e)->lhs.get());
        expr(static_cast<const AssignExpr*>(e)->rhs.get());
        break;
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        expr(c->cond.get());
        expr(c->thenExpr.get());
        expr(c->elseExpr.get());
        break;
    }
    case ExprKind::Call:
        expr(static_cast<const CallExpr*>(e)->callee.get());
        for (const ExprPtr& a : static_cast<const CallExpr*>(e)->args)
            expr(a.get());
        break;
    case ExprKind::Index:
        expr(static_cast<const IndexExpr*>(e)->base.get());
        expr(static_cast<const IndexExpr*>(e)->index.get());
        break;
    case ExprKind::Member:
        expr(static_cast<const MemberExpr*>(e)->base.get());
        break;
    case ExprKind::Cast:
        expr(static_cast<const CastExpr*>(e)->operand.get());
        break;
    case ExprKind::ImplicitCast:
        expr(static_cast<const ImplicitCastExpr*>(e)->operand.get());
        break;
    case ExprKind::VectorLiteral:
        for (const ExprPtr& x : static_cast<const VectorLiteralExpr*>(e)->elements)
            expr(x.get());
        break;
    case ExprKind::InitList:
        for (const InitElement& el : static_cast<const InitListExpr*>(e)->elements) {
            for (const Designator& d : el.designators)
                expr(d.index.get());
            expr(el.value.get());
        }
        break;
    case ExprKind::CompoundLiteral:
        expr(static_cast<const CompoundLiteralExpr*>(e)->init.get());
        break;
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep:
        expr(static_cast<const TypeTraitExpr*>(e)->operand.get());
        break;
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
    case ExprKind::StringLiteral:
    case ExprKind::Name:
        break;
    }
}

/// Pre-order walk of the expression tree under `e` (e first, then its children as
/// forEachChild lists them): `onExpr(const Expr*)` returns a Visit (or nothing, meaning
/// Visit::Children). Returns false when a callback returned Visit::Stop. Iterative, with an
/// explicit stack on the heap: any nesting depth runs on any caller's stack.
template <typename ExprFn>
bool walk(const Expr* e, ExprFn&& onExpr) {
    if (!e) return true;
    std::vector<const Expr*> pending{e};
    std::vector<const Expr*> children;
    while (!pending.empty()) {
        const Expr* x = pending.back();
        pending.pop_back();
        const Visit v = detail::visit(onExpr, x);
        if (v == Visit::Stop) return false;
        if (v == Visit::Skip) continue;
        children.clear();
        forEachChild(x, [&children](const Expr* c) { children.push_back(c); });
        pending.insert(pending.end(), children.rbegin(), children.rend());
    }
    return true;
}

/// Pre-order walk of the statement tree under `s` with the expressions in it: each
/// statement goes to `onStmt(const Stmt*)`, each expression to `onExpr(const Expr*)`, a
/// node before its children, children in the order forEachChild lists them. Callbacks
/// return a Visit (or nothing, meaning Visit::Children). Returns false when a callback
/// returned Visit::Stop. Calls into other functions are not followed. Iterative, like the
/// expression walk: the depth of the tree does not reach the caller's stack.
template <typename StmtFn, typename ExprFn>
bool walk(const Stmt* s, StmtFn&& onStmt, ExprFn&& onExpr) {
    if (!s) return true;
    /// A node still to visit: exactly one of the two is set.
    struct Node {
        const Stmt* stmt;
        const Expr* expr;
    };
    std::vector<Node> pending{{s, nullptr}};
    std::vector<Node> children;
    while (!pending.empty()) {
        const Node n = pending.back();
        pending.pop_back();
        const Visit v = n.stmt ? detail::visit(onStmt, n.stmt) : detail::visit(onExpr, n.expr);
        if (v == Visit::Stop) return false;
        if (v == Visit::Skip) continue;
        children.clear();
        if (n.stmt)
            forEachChild(
                n.stmt,
                [&children](const Stmt* c) {
                    children.push_back({c, nullptr});
                },
                [&children](const Expr* c) {
                    children.push_back({nullptr, c});
                });
        else
            forEachChild(n.expr, [&children](const Expr* c) { children.push_back({nullptr, c}); });
        pending.insert(pending.end(), children.rbegin(), children.rend());
    }
    return true;
}

/// Pre-order walk of the statements under `s` only (expressions are not entered).
template <typename StmtFn>
bool walk(const Stmt* s, StmtFn&& onStmt) {
    return walk(s, onStmt, [](const Expr*) { return Visit::Skip; });
}

/// The `__local` variables a kernel body declares at kernel function scope (spec 6.5.2): in
/// `body` and the blocks nested directly in it, not under other statements; in declaration
/// order.
inline std::vector<const VarDecl*> kernelScopeLocals(const Stmt* body) {
    std::vector<const VarDecl*> out;
    walk(body, [&out](const Stmt* s) {
        if (s->kind == StmtKind::Compound) return Visit::Children;
        if (s->kind == StmtKind::Decl)
            for (const DeclPtr& d : static_cast<const DeclStmt*>(s)->decls)
                if (d->kind == DeclKind::Var &&
                    static_cast<const VarDecl*>(d.get())->type.space == AddressSpace::Local)
                    out.push_back(static_cast<const VarDecl*>(d.get()));
        return Visit::Skip;
    });
    return out;
}

} // namespace clstep::ast
