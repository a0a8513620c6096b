#include "checks/ReadOnlyImages.h"

#include "builtins/ImageObject.h"
#include "frontend/AstWalk.h"
#include "frontend/Program.h"

#include <string_view>
#include <unordered_set>

namespace clstep {

namespace {

bool isImage(const QualType& q) {
    return q.type && q->canonical()->kind == TypeKind::Opaque &&
           image::dimFromTypeName(q->canonical()->name).has_value();
}

/// `e` without the implicit conversions Sema wraps around it.
const ast::Expr* stripImplicit(const ast::Expr* e) {
    while (e && e->kind == ast::ExprKind::ImplicitCast)
        e = static_cast<const ast::ImplicitCastExpr*>(e)->operand.get();
    return e;
}

/// The declared access of parameter `p`; no qualifier on an image means read_only (6.6).
AccessQualifier accessOf(const ast::ParamDecl& p) {
    AccessQualifier a = p.typeSyntax ? p.typeSyntax->quals.access : AccessQualifier::None;
    return a == AccessQualifier::None ? AccessQualifier::ReadOnly : a;
}

/// The parameter that `e` (implicit conversions stripped) names, or nullptr.
const ast::ParamDecl* paramNamed(const ast::Expr* e) {
    e = stripImplicit(e);
    if (!e || e->kind != ast::ExprKind::Name) return nullptr;
    const ast::Decl* d = static_cast<const ast::NameExpr*>(e)->decl;
    return d && d->kind == ast::DeclKind::Param ? static_cast<const ast::ParamDecl*>(d) : nullptr;
}

/// Checks the image arguments of call `c`; the approved argument nodes go into `ok`.
bool imageArgumentsSafe(const ast::CallExpr& c, std::unordered_set<const ast::Expr*>& ok) {
    const ast::FunctionDecl* callee = c.function;
    if (callee && callee->definition) callee = callee->definition;
    std::string_view name;
    if (const ast::Expr* f = stripImplicit(c.callee.get()); f && f->kind == ast::ExprKind::Name)
        name = static_cast<const ast::NameExpr*>(f)->name;
    for (size_t i = 0; i < c.args.size(); ++i) {
        const ast::Expr* arg = c.args[i].get();
        if (!arg || !isImage(arg->type)) continue;
        const ast::ParamDecl* from = paramNamed(arg);
        if (!from) return false;
        const AccessQualifier access = accessOf(*from);
        if (callee) {
            if (!callee->body || i >= callee->params.size()) return false;
            if (accessOf(*callee->params[i]) != access) return false;
        } else if (name.starts_with("write_image")) {
            if (access != AccessQualifier::WriteOnly && access != AccessQualifier::ReadWrite)
                return false;
        }
        for (const ast::Expr* e = arg; e;
             e = e->kind == ast::ExprKind::ImplicitCast
                     ? static_cast<const ast::ImplicitCastExpr*>(e)->operand.get()
                     : nullptr)
            ok.insert(e);
    }
    return true;
}

} // namespace

bool readOnlyImagesUnwritable(const Program& program) {
    if (!program.unit) return false;
    std::unordered_set<const ast::Expr*> ok; // image-typed call arguments already checked
    bool safe = true;
    auto onExpr = [&](const ast::Expr* e) {
        if (e->kind == ast::ExprKind::Call &&
            !imageArgumentsSafe(*static_cast<const ast::CallExpr*>(e), ok)) {
            safe = false;
            return ast::Visit::Stop;
        }
        if (isImage(e->type) && !ok.count(e)) {
            safe = false;
            return ast::Visit::Stop;
        }
        return ast::Visit::Children;
    };
    for (const ast::DeclPtr& d : program.unit->decls) {
        if (d->kind != ast::DeclKind::Function) continue;
        const auto* f = static_cast<const ast::FunctionDecl*>(d.get());
        if (!f->body) continue;
        ast::walk(
            f->body.get(), [](const ast::Stmt*) { return ast::Visit::Children; }, onExpr);
        if (!safe) return false;
    }
    return true;
}

} // namespace clstep
