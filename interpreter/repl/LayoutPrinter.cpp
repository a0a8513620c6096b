#include "repl/LayoutPrinter.h"

#include "repl/EntryEvaluator.h"
#include "repl/ReplCompiler.h"
#include "repl/SyntheticSource.h"
#include "repl/TypeSpeller.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace clstep::repl {

namespace {

/// The alignment the type would have without `aligned(n)`.
uint64_t naturalAlignment(const Type* t) {
    const Type* c = t->canonical();
    if (c->isRecord()) {
        if (c->packed) return 1;
        uint64_t a = 1;
        for (const Field& f : c->fields)
            a = std::max(a, f.type->align);
        return a;
    }
    if (c->isArray()) return c->element->align;
    return c->align;
}

std::string row(uint64_t offset, uint64_t size, const std::string& what) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "  %6llu %5llu  ", static_cast<unsigned long long>(offset),
                  static_cast<unsigned long long>(size));
    return buf + what + "\n";
}

std::string kindText(const Type* c) {
    switch (c->kind) {
    case TypeKind::Vector:
        return "vector of " + std::to_string(c->count) + " " + c->element->name;
    case TypeKind::Array:
        return "array of " + std::to_string(c->count) + " " + c->element->name;
    case TypeKind::Struct:
        return "struct";
    case TypeKind::Union:
        return "union";
    case TypeKind::Pointer:
        return "pointer";
    case TypeKind::Opaque:
        return "opaque handle";
    case TypeKind::Void:
        return "void";
    default:
        return "scalar";
    }
}

} // namespace

std::string LayoutPrinter::describe(const QualType& type, const std::string& label) {
    const Type* t = type.type;
    const Type* c = t->canonical();
    std::string out = label;
    if (label != c->name && c->name.find("<anonymous>") == std::string::npos)
        out += " (" + c->name + ")";
    out += ": " + kindText(c) + ", " + std::to_string(c->size) +
           (c->size == 1 ? " byte" : " bytes") + ", alignment " + std::to_string(t->align);
    if (c->isRecord() && c->packed) out += ", packed";
    if (t->align > naturalAlignment(t)) out += ", aligned(" + std::to_string(t->align) + ")";
    out += "\n";

    if (c->isVector() && c->element->size * c->count < c->size) {
        out += "    offset  size\n";
        out += row(0, c->element->size * c->count,
                   c->element->name + " s0.." + "s" + std::to_string(c->count - 1));
        out +=
            row(c->element->size * c->count, c->size - c->element->size * c->count,
                "(padding: a 3-component vector is as big as a 4-component one, OpenCL C §6.1.5)");
    }
    if (c->isArray())
        out += "  element " + c->element->name + ": " + std::to_string(c->element->size) +
               " bytes, stride " + std::to_string(c->element->size) + "\n";
    if (!c->isRecord()) return out;
    if (!c->complete) return out + "  (incomplete type)\n";

    std::vector<const Field*> fields;
    for (const Field& f : c->fields)
        fields.push_back(&f);
    std::stable_sort(fields.begin(), fields.end(),
                     [](const Field* a, const Field* b) { return a->offset < b->offset; });
    // One symbol per member for the byte map: its initial when unique, else a digit.
    std::map<const Field*, char> symbol;
    std::multiset<char> initials;
    for (const Field* f : fields)
        initials.insert(f->name.empty() ? '?' : f->name[0]);
    int digit = 0;
    for (const Field* f : fields) {
        char i = f->name.empty() ? '?' : f->name[0];
        symbol[f] = initials.count(i) == 1 ? i : static_cast<char>('0' + (digit++ % 10));
    }
    std::string map(c->size, '.');
    out += "    offset  size\n";
    uint64_t end = 0;
    for (const Field* f : fields) {
        const uint64_t size = f->type->canonical()->size;
        if (c->kind == TypeKind::Struct && f->offset > end)
            out += row(end, f->offset - end, "(padding)");
        std::string decl = TypeSpeller::declaration(f->type, f->name)
                               .value_or(typeToString(f->type) + " " + f->name);
        out += row(f->offset, size, decl);
        for (uint64_t b = f->offset; b < f->offset + size && b < map.size(); ++b)
            map[b] = c->kind == TypeKind::Union && map[b] != '.' ? '*' : symbol[f];
        end = std::max(end, f->offset + size);
    }
    if (end < c->size)
        out += row(end, c->size - end, "(padding at the end, up to a multiple of the alignment)");
    uint64_t padding = static_cast<uint64_t>(std::count(map.begin(), map.end(), '.'));
    out += "  bytes: " + (map.size() > 64 ? map.substr(0, 64) + "..." : map) + "   (" +
           std::to_string(padding) + " padding byte" + (padding == 1 ? "" : "s") + ")\n";
    return out;
}

ReplResult LayoutPrinter::layout(const std::string& text) const {
    ReplResult r;
    r.kind = EntryKind::Command;
    if (text.empty()) {
        r.ok = false;
        r.text = "usage: :layout TYPE (or :layout EXPR)\n";
        return r;
    }
    SyntheticSource source;
    for (const ProgramChunk& c : m_state.chunks)
        source.addEntry(c.text, c.origin);
    source.addGenerated("typedef");
    source.addEntry(text, m_origin);
    source.addGenerated("__clstep_layout_t;");
    std::shared_ptr<Program> program = ReplCompiler::compile(source, m_state.settings);
    if (!program->hasErrors()) {
        for (const auto& d : program->unit->decls)
            if (d->kind == ast::DeclKind::Typedef && d->name == "__clstep_layout_t") {
                const QualType t = static_cast<const ast::TypedefDecl*>(d.get())->type;
                if (!t) break;
                r.type = text;
                r.text = describe(t, text);
                return r;
            }
    }
    // Not a type: the type of an expression.
    ReplState copy = m_state;
    EntryEvaluator evaluator(copy, m_sources, m_origin);
    EntryEvaluator::ExpressionProbe probe = evaluator.probeExpression(text);
    if (probe.parsed && !probe.program->hasErrors() && probe.expr && probe.expr->type) {
        r.type = TypeSpeller::display(probe.expr->type);
        r.text = describe(probe.expr->type, text);
        return r;
    }
    r.ok = false;
    r.diagnostics = ReplCompiler::entryDiagnostics(*program, source, m_origin);
    r.text =
        evaluator.format(r.diagnostics) + "'" + text + "' is neither a type nor an expression\n";
    return r;
}

} // namespace clstep::repl
