#include "frontend/Sema.h"

#include "frontend/Program.h"

#include <functional>
#include <set>

namespace clstep {

using namespace ast;

Sema::Sema(Program& program)
    : m_program(program), m_types(*program.types), m_clVersion(program.options.clVersion) {}

void Sema::error(const std::string& kind, const SourceRange& r, const std::string& msg,
                 std::vector<RelatedLocation> notes) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = kind;
    d.message = msg;
    d.range = r;
    d.notes = std::move(notes);
    m_program.diagnostics.push_back(std::move(d));
}

void Sema::warning(const std::string& kind, const SourceRange& r, const std::string& msg) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.kind = kind;
    d.message = msg;
    d.range = r;
    m_program.diagnostics.push_back(std::move(d));
}

namespace {
const std::set<std::string> kReservedNames = {
    "__global",  "global",  "__local", "local", "__constant", "constant", "__private",
    "private", "__generic", "generic"};
}

void Sema::declareName(Decl* d) {
    if (d->name.empty()) return;
    if (kReservedNames.count(d->name))
        error("reserved-identifier", d->nameRange,
              "'" + d->name + "' is an address space qualifier and cannot be used as a name "
              "(OpenCL C 6.5)");
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
    for (DeclPtr& d : m_program.unit->decls) declareTop(d.get());

    // Recursion through the call graph (spec 6.9: recursion is not supported).
    std::map<FunctionDecl*, int> state; // 0 new, 1 on stack, 2 done
    std::function<void(FunctionDecl*)> visit = [&](FunctionDecl* f) {
        state[f] = 1;
        for (auto& [callee, site] : m_calls[f]) {
            FunctionDecl* target = callee->definition ? callee->definition : callee;
            if (state[target] == 1) {
                error("recursion", site,
                      "recursive call to '" + target->name +
                          "': recursion is not supported in OpenCL C (6.9)",
                      {{target->nameRange, "'" + target->name + "' defined here"}});
            } else if (state[target] == 0) {
                visit(target);
            }
        }
        state[f] = 2;
    };
    for (auto& [f, calls] : m_calls)
        if (state[f] == 0) visit(f);
}

void Sema::declareTop(Decl* d) {
    switch (d->kind) {
    case DeclKind::Function: checkFunction(static_cast<FunctionDecl*>(d)); break;
    case DeclKind::Var: checkVar(static_cast<VarDecl*>(d), true); break;
    case DeclKind::Typedef: checkTypedef(static_cast<TypedefDecl*>(d)); break;
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
    default: break;
    }
}

void Sema::checkTypedef(TypedefDecl* t) {
    checkAttributes(t->attrs, true);
    t->type = resolveType(t->typeSyntax.get());
    bool packed = false;
    Endian endian = Endian::Device;
    uint64_t align = attrAlign(t->attrs, &packed, &endian);
    if (packed)
        warning("packed-typedef", t->nameRange,
                "'packed' attribute on a typedef is ignored (OpenCL C 6.11.1)");
    if (align && t->type.type) t->type.type = m_types.withAlignment(t->type.type, align, t->name);
    else if (t->type.type && t->type->kind != TypeKind::Function)
        t->type.type = m_types.alias(t->name, t->type.type);
    declareName(t);
}

} // namespace clstep
