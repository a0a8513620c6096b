#include "repl/EntryEvaluator.h"

#include "repl/DiagnosticFormatter.h"
#include "repl/ReplCompiler.h"
#include "repl/TypeSpeller.h"
#include "repl/ValuePrinter.h"
#include "runtime/KernelRun.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace clstep::repl {

using namespace ast;

namespace {

/// The address space written for the object a declaration declares (through array levels).
AddressSpace writtenObjectSpace(const TypeSyntax* ts) {
    while (ts && ts->kind == TypeSyntax::Kind::Array)
        ts = ts->inner.get();
    return ts ? ts->quals.space : AddressSpace::None;
}

/// True for a variable that belongs at program scope: written `__constant`/`__global`,
/// `static` or `extern`.
bool isProgramScopeVariable(const VarDecl& v) {
    AddressSpace s = writtenObjectSpace(v.typeSyntax.get());
    return s == AddressSpace::Constant || s == AddressSpace::Global ||
           v.storage == StorageClass::Static || v.storage == StorageClass::Extern;
}

/// The names a `#define`/`#undef` entry declares ("#N").
std::vector<std::string> macroNames(const std::string& text) {
    std::vector<std::string> names;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        std::string line =
            text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        pos = end == std::string::npos ? text.size() : end + 1;
        size_t h = line.find_first_not_of(" \t");
        if (h == std::string::npos || line[h] != '#') continue;
        size_t d = line.find_first_not_of(" \t", h + 1);
        if (d == std::string::npos || line.compare(d, 6, "define") != 0) continue;
        size_t n = line.find_first_not_of(" \t", d + 6);
        size_t e = n;
        while (e < line.size() &&
               (std::isalnum(static_cast<unsigned char>(line[e])) || line[e] == '_'))
            ++e;
        if (n != std::string::npos && e > n) names.push_back("#" + line.substr(n, e - n));
    }
    return names;
}

/// True for an expression statement worth showing as a value (not an assignment or
/// increment, whose effect is shown through the variables).
bool isShowable(const Expr* e) {
    if (!e || !e->type || e->type->isVoid()) return false;
    if (e->kind == ExprKind::Assign) return false;
    if (e->kind == ExprKind::Unary) {
        UnaryOp op = static_cast<const UnaryExpr*>(e)->op;
        if (op == UnaryOp::PreInc || op == UnaryOp::PreDec || op == UnaryOp::PostInc ||
            op == UnaryOp::PostDec)
            return false;
    }
    if (e->kind == ExprKind::Call) return false;
    return true;
}

/// Where the first error inside entry `origin` begins ((0, 0) if none): the reading of an
/// entry whose first error comes later is the one the parser understood further.
std::pair<uint32_t, uint32_t> firstErrorIn(const std::vector<Diagnostic>& diagnostics,
                                           uint32_t origin) {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error && d.range.begin.file == origin)
            return {d.range.begin.line, d.range.begin.column};
    return {0, 0};
}

std::string trimmed(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

} // namespace

char EntryEvaluator::lastSignificant(const std::string& text, size_t* position) {
    char last = '\0';
    size_t at = std::string::npos;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        if (c == '/' && next == '/') {
            while (i < text.size() && text[i] != '\n')
                ++i;
            continue;
        }
        if (c == '/' && next == '*') {
            size_t end = text.find("*/", i + 2);
            i = end == std::string::npos ? text.size() : end + 1;
            continue;
        }
        if (c == '"' || c == '\'') {
            size_t j = i + 1;
            while (j < text.size() && text[j] != c && text[j] != '\n')
                j += text[j] == '\\' ? 2 : 1;
            last = c;
            at = std::min(j, text.size() - 1);
            i = at;
            continue;
        }
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
            last = c;
            at = i;
        }
    }
    if (position) *position = at;
    return last;
}

std::string EntryEvaluator::terminated(const std::string& text) {
    size_t at = 0;
    char last = lastSignificant(text, &at);
    if (last == '\0' || last == ';' || last == '}') return text;
    std::string t = text;
    t.insert(at + 1, ";");
    return t;
}

std::string EntryEvaluator::format(const std::vector<Diagnostic>& diagnostics,
                                   const std::vector<uint64_t>& counts) const {
    DiagnosticFormatter f(m_sources, m_origin);
    std::string out;
    for (size_t i = 0; i < diagnostics.size(); ++i)
        out += f.format(diagnostics[i], i < counts.size() ? counts[i] : 1);
    return out;
}

ReplResult EntryEvaluator::evaluate(const std::string& text) {
    const std::string t = trimmed(text);
    ReplResult empty;
    if (lastSignificant(t) == '\0') return empty;
    if (auto r = tryProgramLevel(text)) return *r;
    if (char last = lastSignificant(text); last != ';' && last != '}') {
        ExpressionProbe probe = probeExpression(text);
        if (probe.parsed) return evaluateExpression(text, std::move(probe));
        return evaluateStatement(text, &probe);
    }
    return evaluateStatement(text, nullptr);
}

std::optional<ReplResult> EntryEvaluator::tryProgramLevel(const std::string& text) {
    const bool directive = trimmed(text).rfind('#', 0) == 0;
    EntryPlan plan;
    plan.text = directive ? text : terminated(text);
    plan.origin = m_origin;
    plan.form = EntryForm::TopLevel;
    ReplState probeState = m_state;
    probeState.layout();
    SyntheticSource source = KernelBuilder::build(probeState, plan);
    std::shared_ptr<Program> program = ReplCompiler::compile(source, m_state.settings);

    std::vector<std::string> names;
    if (directive) {
        names = macroNames(text);
    } else {
        if (ReplCompiler::hasSyntaxErrors(*program)) return std::nullopt;
        bool any = false;
        for (const DeclPtr& d : program->unit->decls) {
            if (!source.inEntry(d->range.begin, m_origin) &&
                !source.inEntry(d->nameRange.begin, m_origin))
                continue;
            any = true;
            switch (d->kind) {
            case DeclKind::Function:
            case DeclKind::Typedef:
                names.push_back(d->name);
                break;
            case DeclKind::Record:
                if (!d->name.empty())
                    names.push_back(
                        (static_cast<const RecordDecl*>(d.get())->isUnion ? "union " : "struct ") +
                        d->name);
                break;
            case DeclKind::Enum:
                if (!d->name.empty()) names.push_back("enum " + d->name);
                for (const auto& c : static_cast<const EnumDecl*>(d.get())->constants)
                    names.push_back(c->name);
                break;
            case DeclKind::Var:
                if (!isProgramScopeVariable(*static_cast<const VarDecl*>(d.get())))
                    return std::nullopt;
                names.push_back(d->name);
                break;
            default:
                break;
            }
        }
        if (!any) return std::nullopt;
    }

    // A name defined again replaces the earlier definition in place.
    std::set<int> replaced;
    for (const std::string& n : names)
        if (int i = m_state.chunkDeclaring(n); i >= 0) replaced.insert(i);
    const auto isSubset = [&](const std::vector<std::string>& old) {
        return std::all_of(old.begin(), old.end(), [&](const std::string& n) {
            return std::find(names.begin(), names.end(), n) != names.end();
        });
    };
    if (replaced.size() == 1 && isSubset(m_state.chunks[*replaced.begin()].names)) {
        plan.replaceChunk = *replaced.begin();
        source = KernelBuilder::build(probeState, plan);
        program = ReplCompiler::compile(source, m_state.settings);
    }

    ReplResult r;
    r.kind = EntryKind::Declaration;
    r.diagnostics = diagnosticsOf(*program, source);
    if (program->hasErrors()) {
        r.ok = false;
        r.text = format(r.diagnostics);
        return r;
    }
    // Program-scope data must initialize (KernelRun sets it up before any work-item runs).
    std::unique_ptr<KernelRun> setup;
    if (!program->programVars.empty()) {
        std::vector<KernelArgument> args(2);
        for (KernelArgument& a : args) {
            a.kind = KernelArgument::Kind::Buffer;
            a.bytes.assign(8, 0);
            a.size = 8;
        }
        RunOptions ro;
        ro.deviceBigEndian = m_state.settings.bigEndian;
        setup = std::make_unique<KernelRun>(*program, KernelBuilder::kKernelName,
                                            m_state.settings.range, args, ro);
        if (!setup->ready()) {
            r.ok = false;
            for (const Diagnostic& d : setup->diagnostics())
                r.diagnostics.push_back(source.map(d));
            r.text = format(r.diagnostics) + "the program-scope data could not be initialized, so "
                                             "the declaration was not kept\n";
            return r;
        }
    }
    ReplState next = m_state;
    ProgramChunk chunk{m_origin, plan.text, names};
    if (plan.replaceChunk >= 0)
        next.chunks[plan.replaceChunk] = chunk;
    else
        next.chunks.push_back(chunk);
    refreshTypes(next, program);
    r.text = format(r.diagnostics);

    // Show what was defined, with the value of program-scope data.
    ValuePrinter printer(next.settings.bigEndian);
    std::vector<const VarDecl*> data;
    for (const VarDecl* v : program->programVars)
        if (source.inEntry(v->range.begin, m_origin) ||
            source.inEntry(v->nameRange.begin, m_origin))
            data.push_back(v);
    if (!data.empty() && setup) {
        for (const VarDecl* v : data) {
            const uint64_t size = v->type->canonical()->size;
            Memory& mem = v->type.space == AddressSpace::Constant ? setup->constantMemory()
                                                                  : setup->globalMemory();
            const uint8_t* p = mem.bytes(setup->programVarAddress(v->slot), size);
            std::string decl = TypeSpeller::declaration(v->type, v->name).value_or(v->name);
            if (p)
                r.text += printer.variable(decl, v->type, std::vector<uint8_t>(p, p + size)) + "\n";
        }
    } else if (!names.empty()) {
        std::string list;
        for (const std::string& n : names) {
            if (!list.empty()) list += ", ";
            list += n[0] == '#' ? "macro " + n.substr(1) : n;
        }
        r.text += (plan.replaceChunk >= 0 ? "redefined " : "defined ") + list + "\n";
    }
    m_state = std::move(next);
    return r;
}

EntryEvaluator::ExpressionProbe EntryEvaluator::probeExpression(const std::string& text) const {
    ExpressionProbe probe;
    EntryPlan plan;
    plan.text = text;
    plan.origin = m_origin;
    plan.form = EntryForm::ExpressionProbe;
    ReplState st = m_state;
    st.layout();
    probe.source = KernelBuilder::build(st, plan);
    probe.program = ReplCompiler::compile(probe.source, m_state.settings);
    probe.parsed = !ReplCompiler::hasSyntaxErrors(*probe.program);
    probe.diagnostics = diagnosticsOf(*probe.program, probe.source);
    if (!probe.parsed) return probe;
    for (const Stmt* s : entryStatements(*probe.program, probe.source))
        if (s->kind == StmtKind::Expr) probe.expr = static_cast<const ExprStmt*>(s)->expr.get();
    return probe;
}

ReplResult EntryEvaluator::evaluateExpression(const std::string& text, ExpressionProbe probe) {
    ReplResult r;
    r.kind = EntryKind::Expression;
    r.diagnostics = probe.diagnostics;
    if (probe.program->hasErrors() || !probe.expr || !probe.expr->type) {
        r.ok = false;
        r.text = format(r.diagnostics);
        if (r.text.empty()) r.text = "error: the entry is not an expression\n";
        return r;
    }
    const QualType type = probe.expr->type;
    const Type* canonical = type->canonical();
    r.type = TypeSpeller::display(type);

    EntryPlan plan;
    plan.text = text;
    plan.origin = m_origin;
    uint64_t valueSize = 0;
    std::optional<std::string> pointer = TypeSpeller::pointerTo(type, AddressSpace::Global, false);
    if (canonical->isVoid() || canonical->size == 0) {
        plan.form = EntryForm::ExpressionProbe;
    } else if (!canonical->isArray() && pointer) {
        plan.form = EntryForm::ExpressionStore;
        plan.valuePointer = *pointer;
        valueSize = canonical->size;
    } else if (probe.expr->isLValue) {
        plan.form = EntryForm::ExpressionBytes;
        plan.valueSpace = type.space == AddressSpace::None ? AddressSpace::Private : type.space;
        plan.valueSize = valueSize = canonical->size;
    } else {
        plan.form = EntryForm::ExpressionProbe;
    }

    ReplState next = m_state;
    next.layout();
    SyntheticSource source = KernelBuilder::build(next, plan);
    std::shared_ptr<Program> program = ReplCompiler::compile(source, next.settings);
    if (program->hasErrors()) {
        r.ok = false;
        r.diagnostics = diagnosticsOf(*program, source);
        r.text = format(r.diagnostics);
        return r;
    }
    RunOutcome outcome = run(*program, source, next, valueSize);
    r.text = format(r.diagnostics);
    report(outcome, source, r);
    if (!r.ok) return r;
    next.readStateBuffer(outcome.state);
    refreshTypes(next, program);

    ValuePrinter printer(next.settings.bigEndian);
    if (valueSize) {
        std::vector<uint8_t> bytes(
            outcome.value.begin(),
            outcome.value.begin() +
                static_cast<std::ptrdiff_t>(std::min<uint64_t>(valueSize, outcome.value.size())));
        r.value = printer.value(type, bytes);
        r.text += printer.typedValue(type, bytes) + "\n";
        if (next.settings.showBytes) r.text += "  " + printer.memory(type, bytes) + "\n";
    } else if (!canonical->isVoid()) {
        r.text += "(a value of type " + r.type + " cannot be shown)\n";
    }
    // Side effects on kept variables (`x++`) are shown too.
    for (const PersistentVariable& v : next.variables) {
        const PersistentVariable* old = m_state.find(v.name);
        if (old && old->bytes != v.bytes)
            r.text += printer.variable(v.name, v.type, v.bytes) + "\n";
    }
    m_state = std::move(next);
    return r;
}

ReplResult EntryEvaluator::evaluateStatement(const std::string& text,
                                             const ExpressionProbe* expressionTry) {
    ReplResult r;
    r.kind = EntryKind::Statement;
    EntryPlan plan;
    plan.text = terminated(text);
    plan.origin = m_origin;
    plan.form = EntryForm::Statement;

    ReplState probeState = m_state;
    probeState.layout();
    SyntheticSource source = KernelBuilder::build(probeState, plan);
    std::shared_ptr<Program> program = ReplCompiler::compile(source, m_state.settings);
    auto declaredVars = [&](const Program& p, const SyntheticSource& s) {
        std::vector<const VarDecl*> vars;
        for (const Stmt* st : entryStatements(p, s))
            if (st->kind == StmtKind::Decl)
                for (const DeclPtr& d : static_cast<const DeclStmt*>(st)->decls)
                    if (d->kind == DeclKind::Var)
                        vars.push_back(static_cast<const VarDecl*>(d.get()));
        return vars;
    };
    // A variable declared again replaces the kept one.
    std::set<std::string> shadowed;
    if (program->hasErrors() && !ReplCompiler::hasSyntaxErrors(*program)) {
        for (const VarDecl* v : declaredVars(*program, source))
            if (m_state.find(v->name)) shadowed.insert(v->name);
        if (!shadowed.empty()) {
            std::erase_if(probeState.variables,
                          [&](const PersistentVariable& v) { return shadowed.count(v.name) > 0; });
            probeState.layout();
            source = KernelBuilder::build(probeState, plan);
            program = ReplCompiler::compile(source, m_state.settings);
        }
    }
    r.diagnostics = diagnosticsOf(*program, source);
    if (plan.text != text) {
        // "expected expression before ';'" at the `;` terminated() added: the entry ended.
        size_t at = 0;
        lastSignificant(text, &at);
        const size_t lineStart = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
        const auto line = static_cast<uint32_t>(
            std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1);
        const auto column = static_cast<uint32_t>(
            at + 1 - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1);
        for (Diagnostic& d : r.diagnostics) {
            const size_t before = d.message.find("before ';'");
            if (before != std::string::npos && d.range.begin.file == m_origin &&
                d.range.begin.line == line && d.range.begin.column == column)
                d.message.replace(before, 10, "at the end of the entry");
        }
    }
    if (program->hasErrors()) {
        // Neither reading parses: report the one that got further into the entry (an
        // expression on a tie, e.g. `a *`).
        if (expressionTry && ReplCompiler::hasSyntaxErrors(*program) &&
            firstErrorIn(expressionTry->diagnostics, m_origin) >=
                firstErrorIn(r.diagnostics, m_origin))
            r.diagnostics = expressionTry->diagnostics;
        r.ok = false;
        r.text = format(r.diagnostics);
        return r;
    }

    std::vector<const Stmt*> stmts = entryStatements(*program, source);
    if (stmts.size() == 1 && stmts[0]->kind == StmtKind::Expr &&
        isShowable(static_cast<const ExprStmt*>(stmts[0])->expr.get())) {
        // `v.x * 2;` shows its value like `v.x * 2`.
        std::string expr = plan.text;
        size_t at = 0;
        if (lastSignificant(expr, &at) == ';') expr.erase(at, 1);
        ExpressionProbe probe = probeExpression(expr);
        if (probe.parsed && !probe.program->hasErrors())
            return evaluateExpression(expr, std::move(probe));
    }

    // Keep the variables the entry declares at its outermost level.
    ReplState next = probeState;
    std::set<std::string> localTypes;
    for (const Stmt* st : stmts)
        if (st->kind == StmtKind::Decl)
            for (const DeclPtr& d : static_cast<const DeclStmt*>(st)->decls)
                if (d->kind != DeclKind::Var && !d->name.empty()) localTypes.insert(d->name);
    std::string notes;
    for (const VarDecl* v : declaredVars(*program, source)) {
        std::string why;
        std::optional<PersistentVariable> kept = makeVariable(*v, why);
        if (kept)
            for (const std::string& t : localTypes)
                if (kept->declaration.find(t) != std::string::npos) {
                    kept.reset();
                    why = "its type '" + t +
                          "' is declared in the same entry; declare the type in an entry of its "
                          "own first";
                }
        if (!kept) {
            notes += "note: '" + v->name + "' is not kept after this entry: " + why + "\n";
            continue;
        }
        std::erase_if(next.variables,
                      [&](const PersistentVariable& x) { return x.name == v->name; });
        next.variables.push_back(std::move(*kept));
        plan.fresh.insert(v->name);
    }
    next.layout();
    SyntheticSource runSource = KernelBuilder::build(next, plan);
    std::shared_ptr<Program> runProgram = ReplCompiler::compile(runSource, next.settings);
    if (runProgram->hasErrors()) {
        r.ok = false;
        r.diagnostics = diagnosticsOf(*runProgram, runSource);
        r.text = format(r.diagnostics);
        return r;
    }
    RunOutcome outcome = run(*runProgram, runSource, next, 0);
    r.text = format(r.diagnostics);
    report(outcome, runSource, r);
    if (!r.ok) return r;
    next.readStateBuffer(outcome.state);
    refreshTypes(next, runProgram);
    r.text += notes;

    ValuePrinter printer(next.settings.bigEndian);
    for (const PersistentVariable& v : next.variables) {
        const PersistentVariable* old = m_state.find(v.name);
        if (plan.fresh.count(v.name))
            r.text += printer.variable(v.declaration, v.type, v.bytes) + "\n";
        else if (old && old->bytes != v.bytes)
            r.text += printer.variable(v.name, v.type, v.bytes) + "\n";
    }
    if (stmts.size() == 1 && stmts[0]->kind == StmtKind::Decl) r.kind = EntryKind::Declaration;
    m_state = std::move(next);
    return r;
}

} // namespace clstep::repl
