// Sema: checking a standalone expression (the debugger's `print` and breakpoint conditions)
// in the scope of an already analysed function.
#include "frontend/Program.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

void Sema::declareExisting(Decl* d) {
    if (!d) return;
    Scope& scope = m_scopes.back();
    switch (d->kind) {
    case DeclKind::Var:
    case DeclKind::Param:
    case DeclKind::Typedef:
    case DeclKind::Function:
        if (!d->name.empty()) scope.names[d->name] = d;
        break;
    case DeclKind::Record: {
        auto* rd = static_cast<RecordDecl*>(d);
        if (rd->type && !rd->name.empty()) scope.tags[rd->name] = const_cast<Type*>(rd->type);
        break;
    }
    case DeclKind::Enum: {
        auto* ed = static_cast<EnumDecl*>(d);
        for (auto& c : ed->constants)
            if (!c->name.empty()) scope.names[c->name] = c.get();
        if (!ed->name.empty() && ed->isDefinition) scope.enumTags[ed->name] = ed;
        break;
    }
    default:
        break;
    }
}

std::vector<Diagnostic> Sema::checkDebuggerExpr(ExprPtr& expr, FunctionDecl* function,
                                                const std::vector<Decl*>& visible) {
    const size_t before = m_program.diagnostics.size();
    m_scopes.clear();
    pushScope();
    if (m_program.unit)
        for (DeclPtr& d : m_program.unit->decls) {
            if (d->kind == DeclKind::Function) {
                auto* f = static_cast<FunctionDecl*>(d.get());
                auto it = m_scopes.front().names.find(f->name);
                // a definition wins over prototypes
                if (it == m_scopes.front().names.end() || f->body) declareExisting(f);
                continue;
            }
            declareExisting(d.get());
        }
    pushScope();
    for (Decl* d : visible)
        declareExisting(d);
    m_function = function;
    m_blockDepth = 1;
    checkExpr(expr);
    m_function = nullptr;
    m_blockDepth = 0;
    m_calls.clear();
    std::vector<Diagnostic> errors;
    for (size_t i = before; i < m_program.diagnostics.size(); ++i)
        if (m_program.diagnostics[i].severity == Severity::Error)
            errors.push_back(std::move(m_program.diagnostics[i]));
    m_program.diagnostics.resize(before);
    m_scopes.clear();
    return errors;
}

} // namespace clstep
