#include "checks/ConstPointees.h"

#include "frontend/AstWalk.h"
#include "frontend/Program.h"

#include <string_view>

namespace clstep {

namespace {

/// True when a value of type `t` holds a pointer: a pointer, or an array, structure or union
/// with a pointer element or member.
bool holdsPointer(const Type* t, int depth = 0) {
    if (!t || depth > 64) return depth > 64; // a record nested that deep: assume it does
    t = t->canonical();
    if (t->isPointer()) return true;
    if (t->isArray()) return holdsPointer(t->element, depth + 1);
    if (t->isRecord())
        for (const Field& f : t->fields)
            if (holdsPointer(f.type.type, depth + 1)) return true;
    return false;
}

/// `e` without the implicit conversions Sema wraps around it.
const ast::Expr* stripImplicit(const ast::Expr* e) {
    while (e && e->kind == ast::ExprKind::ImplicitCast)
        e = static_cast<const ast::ImplicitCastExpr*>(e)->operand.get();
    return e;
}

/// True when `e` is a null pointer constant: the integer 0, possibly converted (explicitly or
/// implicitly) to an integer or a pointer type.
bool isNullConstant(const ast::Expr* e) {
    while (e && (e->kind == ast::ExprKind::ImplicitCast || e->kind == ast::ExprKind::Cast))
        e = e->kind == ast::ExprKind::Cast
                ? static_cast<const ast::CastExpr*>(e)->operand.get()
                : static_cast<const ast::ImplicitCastExpr*>(e)->operand.get();
    return e && e->kind == ast::ExprKind::IntLiteral &&
           static_cast<const ast::IntLiteralExpr*>(e)->value == 0;
}

/// True when a value of type `t` (an expression's type) points at a const-qualified type.
bool pointsToConst(const QualType& t) {
    if (!t.type) return false;
    const Type* c = t->canonical();
    if (c->isPointer()) return c->pointee.isConst;
    if (c->isArray()) return t.isConst; // decays to a pointer to its (const) elements
    return false;
}

/// True when converting `from` (the operand `operand`) to pointer type `to` keeps every
/// pointer to a const type pointing to a const type (ConstPointees.h).
bool conversionSafe(const ast::Expr* operand, const QualType& from, const QualType& to) {
    if (!from.type || !to.type) return false;
    const Type* f = from->canonical();
    const Type* t = to->canonical();
    if (!t->isPointer()) {
        // Only a pointer to a const type converted to an integer or a bool matters not (no
        // integer converts back to a pointer); other conversions carry no pointer.
        return true;
    }
    if (f->isFunction()) return true; // a function designator (calls)
    QualType fromPointee;
    if (f->isPointer())
        fromPointee = f->pointee;
    else if (f->isArray())
        fromPointee = QualType{f->element, from.space, from.isConst, from.isVolatile};
    else
        return isNullConstant(operand); // an integer or a handle made into a pointer
    const QualType& toPointee = t->pointee;
    if (fromPointee.isConst && !toPointee.isConst) return false;
    const Type* fp = fromPointee.type ? fromPointee->canonical() : nullptr;
    const Type* tp = toPointee.type ? toPointee->canonical() : nullptr;
    if (fp != tp && (holdsPointer(fp) || holdsPointer(tp))) return false;
    return true;
}

/// True when built-in function `name` only reads through its argument `index`, a pointer.
bool builtinOnlyReads(std::string_view name, size_t index) {
    if (name.starts_with("vload") || name == "prefetch" || name == "printf") return true;
    if (name == "async_work_group_copy" || name == "async_work_group_strided_copy")
        return index == 1; // the source
    return false;
}

/// The name a call's callee spells, or "".
std::string_view calleeName(const ast::CallExpr& c) {
    const ast::Expr* f = stripImplicit(c.callee.get());
    if (f && f->kind == ast::ExprKind::Name) return static_cast<const ast::NameExpr*>(f)->name;
    return {};
}

/// True when expression `e` (not its children) keeps pointers to const types const.
bool exprSafe(const ast::Expr* e) {
    using ast::ExprKind;
    if (e->type.type && e->type->canonical()->kind == TypeKind::Union && holdsPointer(e->type.type))
        return false;
    switch (e->kind) {
    case ExprKind::Cast: {
        auto* c = static_cast<const ast::CastExpr*>(e);
        return !c->operand || conversionSafe(c->operand.get(), c->operand->type, c->type);
    }
    case ExprKind::ImplicitCast: {
        auto* c = static_cast<const ast::ImplicitCastExpr*>(e);
        return !c->operand || conversionSafe(c->operand.get(), c->operand->type, c->type);
    }
    case ExprKind::VectorLiteral: {
        auto* v = static_cast<const ast::VectorLiteralExpr*>(e);
        // `(T *)(a, b)`: the comma expression's value, b, cast to T *.
        if (!v->isCommaCast || v->elements.empty()) return true;
        const ast::Expr* last = v->elements.back().get();
        return conversionSafe(last, last->type, v->type);
    }
    case ExprKind::Call: {
        auto* c = static_cast<const ast::CallExpr*>(e);
        const bool builtin = c->builtin >= 0 || !c->function;
        if (!builtin) return true; // arguments converted to the parameters' types (casts)
        const std::string_view name = calleeName(*c);
        for (size_t i = 0; i < c->args.size(); ++i) {
            const ast::Expr* a = c->args[i].get();
            if (!a) continue;
            if ((pointsToConst(a->type) || pointsToConst(stripImplicit(a)->type)) &&
                !builtinOnlyReads(name, i))
                return false;
        }
        return true;
    }
    default:
        return true;
    }
}

} // namespace

bool constPointeesUnwritten(const Program& program) {
    if (!program.unit) return false;
    for (const ast::VarDecl* v : program.programVars)
        if (!v || !v->type.type || holdsPointer(v->type.type)) return false;
    bool safe = true;
    auto onExpr = [&safe](const ast::Expr* e) {
        if (exprSafe(e)) return ast::Visit::Children;
        safe = false;
        return ast::Visit::Stop;
    };
    for (const ast::DeclPtr& d : program.unit->decls) {
        if (d->kind == ast::DeclKind::Var) {
            // Program-scope variables hold no pointer (above); their initializers are constant.
            ast::walk(static_cast<const ast::VarDecl*>(d.get())->init.get(), onExpr);
            if (!safe) return false;
            continue;
        }
        if (d->kind != ast::DeclKind::Function) continue;
        const auto* f = static_cast<const ast::FunctionDecl*>(d.get());
        if (f->isKernel)
            for (const auto& p : f->params) {
                // A pointer the host or an earlier launch stored in memory, or passed in a
                // structure, could point anywhere with any pointee.
                const Type* t = p->type.type ? p->type->canonical() : nullptr;
                if (!t) return false;
                if (t->isPointer() ? holdsPointer(t->pointee.type) : holdsPointer(t)) return false;
            }
        if (!f->body) continue;
        ast::walk(
            f->body.get(), [](const ast::Stmt*) { return ast::Visit::Children; }, onExpr);
        if (!safe) return false;
    }
    return true;
}

} // namespace clstep
