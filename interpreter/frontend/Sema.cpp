#include "frontend/Sema.h"

#include "frontend/Program.h"

#include <algorithm>
#include <functional>
#include <set>

namespace clstep {

using namespace ast;

Sema::Sema(Program& program)
    : m_program(program), m_types(*program.types), m_clVersion(program.options.clVersion) {}

void Sema::error(DiagnosticKind kind, const SourceRange& r, const std::string& msg,
                 std::vector<RelatedLocation> notes) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = kind;
    d.message = msg;
    d.range = r;
    d.notes = std::move(notes);
    m_program.diagnostics.push_back(std::move(d));
}

void Sema::warning(DiagnosticKind kind, const SourceRange& r, const std::string& msg) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.kind = kind;
    d.message = msg;
    d.range = r;
    m_program.diagnostics.push_back(std::move(d));
}

namespace {
const std::set<std::string> kReservedNames = {"__global",   "global",   "__local",   "local",
                                              "__constant", "constant", "__private", "private",
                                              "__generic",  "generic"};
}

void Sema::declareName(Decl* d) {
    if (d->name.empty()) return;
    if (kReservedNames.count(d->name))
        error(DiagnosticKind::ReservedIdentifier, d->nameRange,
              "'" + d->name +
                  "' is an address space qualifier and cannot be used as a name "
                  "(OpenCL C 6.5)");
    // C99 6.7p3: a block-scope variable is declared once per scope; the outermost block of
    // a function body shares the scope of the parameters (6.2.1p4), as here.
    if (d->kind == DeclKind::Var && m_function && !m_scopes.empty() &&
        static_cast<VarDecl*>(d)->storage != StorageClass::Extern) {
        auto found = m_scopes.back().names.find(d->name);
        Decl* previous = found != m_scopes.back().names.end() ? found->second : nullptr;
        if (previous && (previous->kind == DeclKind::Var || previous->kind == DeclKind::Param))
            error(DiagnosticKind::Redefinition, d->nameRange,
                  "redefinition of '" + d->name + "' in the same scope (C99 6.7)",
                  {{previous->nameRange, "previous declaration of '" + d->name + "' here"}});
    }
    m_scopes.back().names[d->name] = d;
}

Decl* Sema::lookup(const std::string& name) const {
    for (auto it = m_scopes.rbegin(); it != m_scopes.rend(); ++it) {
        auto f = it->names.find(name);
        if (f != it->names.end()) return f->second;
    }
    return nullptr;
}

void Sema::run() {
    m_scopes.clear();
    pushScope();
    if (!m_program.unit) return;
    for (DeclPtr& d : m_program.unit->decls)
        declareTop(d.get());

    checkRecursion();
}

/// Spec 6.9.i: recursion is not supported. A depth-first walk of the call graph starting at
/// the kernels (then at every other definition, in source order) reports each call that
/// re-enters a function still on the walk, i.e. the call closing the cycle as the kernel
/// would reach it, with the cycle spelled out.
void Sema::checkRecursion() {
    std::vector<FunctionDecl*> roots;
    for (FunctionDecl* k : m_program.kernels)
        roots.push_back(k);
    for (DeclPtr& d : m_program.unit->decls)
        if (d->kind == DeclKind::Function && static_cast<FunctionDecl*>(d.get())->body &&
            !static_cast<FunctionDecl*>(d.get())->isKernel)
            roots.push_back(static_cast<FunctionDecl*>(d.get()));
    std::map<FunctionDecl*, int> state; // 0 unvisited, 1 on the walk, 2 done
    std::vector<FunctionDecl*> path;
    std::function<void(FunctionDecl*)> visit = [&](FunctionDecl* f) {
        state[f] = 1;
        path.push_back(f);
        for (auto& [callee, site] : m_calls[f]) {
            FunctionDecl* target = callee->definition ? callee->definition : callee;
            if (state[target] == 1) {
                std::string cycle;
                auto from = std::find(path.begin(), path.end(), target);
                for (auto it = from; it != path.end(); ++it)
                    cycle += (*it)->name + " -> ";
                cycle += target->name;
                error(DiagnosticKind::Recursion, site,
                      "recursive call to '" + target->name + "' (" + cycle +
                          "): recursion is not supported in OpenCL C (6.9.i)",
                      {{target->nameRange, "'" + target->name + "' defined here"}});
            } else if (state[target] == 0) {
                visit(target);
            }
        }
        path.pop_back();
        state[f] = 2;
    };
    for (FunctionDecl* f : roots)
        if (state[f] == 0) visit(f);
}

void Sema::declareTop(Decl* d) {
    switch (d->kind) {
    case DeclKind::Function:
        checkFunction(static_cast<FunctionDecl*>(d));
        break;
    case DeclKind::Var:
        checkVar(static_cast<VarDecl*>(d), true);
        break;
    case DeclKind::Typedef:
        checkTypedef(static_cast<TypedefDecl*>(d));
        break;
    case DeclKind::Record: {
        auto* rd = static_cast<RecordDecl*>(d);
        TypeSyntax ts;
        ts.kind = TypeSyntax::Kind::Record;
        ts.name = rd->name;
        ts.isUnion = rd->isUnion;
        ts.record = rd;
        ts.range = rd->range;
        resolveRecord(&ts);
        break;
    }
    case DeclKind::Enum: {
        auto* ed = static_cast<EnumDecl*>(d);
        TypeSyntax ts;
        ts.kind = TypeSyntax::Kind::Enum;
        ts.name = ed->name;
        ts.enumDecl = ed;
        ts.range = ed->range;
        resolveEnum(&ts);
        break;
    }
    default:
        break;
    }
}

void Sema::checkTypedef(TypedefDecl* t) {
    checkAttributes(t->attrs, true);
    t->type = resolveType(t->typeSyntax.get());
    if (t->type.type && isFunctionPointer(t->type.type))
        error(DiagnosticKind::FunctionPointer, t->nameRange.valid() ? t->nameRange : t->range,
              "pointers to functions are not allowed in OpenCL C (6.9.a)");
    bool packed = false;
    Endian endian = Endian::Device;
    uint64_t align = attrAlign(t->attrs, &packed, &endian);
    if (packed)
        warning(DiagnosticKind::PackedTypedef, t->nameRange,
                "'packed' attribute on a typedef is ignored (OpenCL C 6.11.1)");
    if (align && t->type.type)
        t->type.type = m_types.withAlignment(t->type.type, align, t->name);
    else if (t->type.type && t->type->kind != TypeKind::Function)
        t->type.type = m_types.alias(t->name, t->type.type);
    declareName(t);
}

} // namespace clstep
