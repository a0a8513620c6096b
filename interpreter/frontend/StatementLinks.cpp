#include "frontend/StatementLinks.h"

#include "frontend/AstWalk.h"

namespace clstep::ast {

namespace {

void link(Stmt* s) {
    forEachChild(
        s,
        [s](const Stmt* c) {
            auto* child = const_cast<Stmt*>(c); // the AST is ours to annotate
            child->parent = s;
            link(child);
        },
        [](const Expr*) {});
}

/// Collects the labels of switch `sw` from `s`, not descending into nested switches.
void collectLabels(SwitchStmt* sw, const Stmt* s) {
    if (!s || s->kind == StmtKind::Switch) return;
    if (s->kind == StmtKind::Case) sw->cases.push_back(static_cast<const CaseStmt*>(s));
    if (s->kind == StmtKind::Default && !sw->defaultLabel)
        sw->defaultLabel = static_cast<const DefaultStmt*>(s);
    forEachChild(
        s, [sw](const Stmt* c) { collectLabels(sw, c); }, [](const Expr*) {});
}

} // namespace

void linkStatements(TranslationUnit& unit) {
    for (DeclPtr& d : unit.decls) {
        if (d->kind != DeclKind::Function) continue;
        auto* f = static_cast<FunctionDecl*>(d.get());
        if (!f->body) continue;
        f->body->parent = nullptr;
        link(f->body.get());
        walk(static_cast<const Stmt*>(f->body.get()), [](const Stmt* s) {
            if (s->kind == StmtKind::Switch) {
                auto* sw = const_cast<SwitchStmt*>(static_cast<const SwitchStmt*>(s));
                sw->cases.clear();
                sw->defaultLabel = nullptr;
                collectLabels(sw, sw->body.get());
            }
            return Visit::Children;
        });
    }
}

bool statementContains(const Stmt* s, const Stmt* target) {
    if (!s || !target) return false;
    if (s == target) return true;
    const bool label = target->kind == StmtKind::Case || target->kind == StmtKind::Default;
    for (const Stmt* p = target->parent; p; p = p->parent) {
        if (label && p->kind == StmtKind::Switch) return false;
        if (p == s) return true;
    }
    return false;
}

} // namespace clstep::ast
