#include "checks/OrderFreeAtomics.h"

#include "builtins/BuiltinRegistry.h"
#include "frontend/AstWalk.h"
#include "frontend/Program.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

namespace clstep {

namespace {

/// True for the names of the commuting read-modify-write builtins (OrderFreeAtomics.h).
bool commutes(std::string_view name) {
    static const std::string_view kOps[] = {"add", "sub", "inc", "dec", "min",
                                            "max", "and", "or",  "xor"};
    std::string_view op;
    if (name.starts_with("atomic_fetch_")) {
        op = name.substr(13);
        if (op.ends_with("_explicit")) op.remove_suffix(9);
        if (op == "inc" || op == "dec") return false; // no such C11 functions
    } else if (name.starts_with("atomic_")) {
        op = name.substr(7);
    } else if (name.starts_with("atom_")) {
        op = name.substr(5);
    } else {
        return false;
    }
    return std::find(std::begin(kOps), std::end(kOps), op) != std::end(kOps);
}

bool before(const SourceRange& a, const SourceRange& b) {
    if (a.begin == b.begin) return a.end < b.end;
    return a.begin < b.begin;
}

/// Adds to `out` the calls whose value the expression `e`, itself discarded, discards.
void discarded(const ast::Expr* e, std::unordered_set<const ast::Expr*>& out) {
    while (e) {
        switch (e->kind) {
        case ast::ExprKind::Call:
            out.insert(e);
            return;
        case ast::ExprKind::ImplicitCast:
            e = static_cast<const ast::ImplicitCastExpr*>(e)->operand.get();
            break;
        case ast::ExprKind::Cast:
            e = static_cast<const ast::CastExpr*>(e)->operand.get();
            break;
        case ast::ExprKind::Binary: {
            auto* b = static_cast<const ast::BinaryExpr*>(e);
            if (b->op != ast::BinaryOp::Comma) return;
            discarded(b->lhs.get(), out);
            e = b->rhs.get();
            break;
        }
        case ast::ExprKind::Conditional: {
            auto* c = static_cast<const ast::ConditionalExpr*>(e);
            discarded(c->thenExpr.get(), out);
            e = c->elseExpr.get();
            break;
        }
        default:
            return;
        }
    }
}

} // namespace

std::vector<SourceRange> orderFreeAtomicSites(const Program& program) {
    std::vector<SourceRange> free, used;
    if (!program.unit) return free;
    const BuiltinRegistry& registry = BuiltinRegistry::instance();
    for (const ast::DeclPtr& d : program.unit->decls) {
        if (d->kind != ast::DeclKind::Function) continue;
        const auto* f = static_cast<const ast::FunctionDecl*>(d.get());
        if (!f->body) continue;
        std::unordered_set<const ast::Expr*> unused; // calls whose value is discarded
        ast::walk(
            f->body.get(),
            [&](const ast::Stmt* s) {
                if (s->kind == ast::StmtKind::Expr)
                    discarded(static_cast<const ast::ExprStmt*>(s)->expr.get(), unused);
                else if (s->kind == ast::StmtKind::For)
                    discarded(static_cast<const ast::ForStmt*>(s)->inc.get(), unused);
                return ast::Visit::Children;
            },
            [&](const ast::Expr* e) {
                if (e->kind != ast::ExprKind::Call) return ast::Visit::Children;
                auto* c = static_cast<const ast::CallExpr*>(e);
                if (c->builtin < 0 || !commutes(registry.def(c->builtin).name))
                    return ast::Visit::Children;
                (unused.count(e) ? free : used).push_back(c->resolved.range);
                return ast::Visit::Children;
            });
    }
    std::sort(free.begin(), free.end(), before);
    std::sort(used.begin(), used.end(), before);
    std::vector<SourceRange> out;
    for (const SourceRange& r : free)
        if (r.valid() && !containsSite(used, r) && (out.empty() || !(out.back() == r)))
            out.push_back(r);
    return out;
}

bool containsSite(const std::vector<SourceRange>& sites, const SourceRange& range) {
    auto it = std::lower_bound(sites.begin(), sites.end(), range, before);
    return it != sites.end() && *it == range;
}

} // namespace clstep
