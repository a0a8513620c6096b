// EntryEvaluator: running the entry kernel, and keeping the variables an entry declares.
#include "repl/EntryEvaluator.h"

#include "repl/ReplCompiler.h"
#include "repl/TypeSpeller.h"
#include "runtime/KernelRun.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace clstep::repl {

using namespace ast;

EntryEvaluator::RunOutcome EntryEvaluator::run(const Program& program,
                                               const SyntheticSource& source,
                                               const ReplState& state, uint64_t valueSize) const {
    RunOutcome out;
    std::vector<KernelArgument> args(2);
    args[0].kind = KernelArgument::Kind::Buffer;
    args[0].name = "__clstep_state";
    args[0].bytes = state.stateBuffer();
    args[0].size = args[0].bytes.size();
    args[1].kind = KernelArgument::Kind::Buffer;
    args[1].name = "__clstep_value";
    args[1].bytes.assign(std::max<uint64_t>(valueSize, 8), 0);
    args[1].size = args[1].bytes.size();
    RunOptions options;
    options.deviceBigEndian = state.settings.bigEndian;
    options.maxStepsPerWorkItem = state.settings.maxSteps + KernelBuilder::overheadSteps(state);
    // The kept variables are the session's, held by every entry's work-item: the entry's own
    // private memory still gets the whole per-work-item limit.
    options.maxWorkItemPrivateBytes += args[0].size;
    KernelRun kernelRun(program, KernelBuilder::kKernelName, state.settings.range, args, options);
    kernelRun.runAll();
    out.output = kernelRun.output();
    for (size_t i = 0; i < kernelRun.diagnostics().size(); ++i) {
        out.diagnostics.push_back(source.map(kernelRun.diagnostics()[i]));
        // The limit includes the generated loads and stores; the user's limit is :steps.
        std::string& message = out.diagnostics.back().message;
        const std::string total = std::to_string(options.maxStepsPerWorkItem);
        if (out.diagnostics.back().kind == DiagnosticKind::StepLimit &&
            message.find(total) != std::string::npos)
            message.replace(message.find(total), total.size(),
                            std::to_string(state.settings.maxSteps));
        out.counts.push_back(kernelRun.diagnosticCounts()[i]);
    }
    out.ok = kernelRun.ready();
    for (const Diagnostic& d : out.diagnostics)
        // Errors that stopped the entry's work-item (or the launch) refuse the entry: its
        // variables were never stored, so keeping them would repeat the error at every entry.
        if (d.kind == DiagnosticKind::StepLimit || d.kind == DiagnosticKind::CallDepth ||
            d.kind == DiagnosticKind::Launch || d.kind == DiagnosticKind::AllocationTooLarge)
            out.ok = false;
    if (out.ok) {
        out.state = kernelRun.argumentBytes(0);
        out.value = kernelRun.argumentBytes(1);
    }
    return out;
}

void EntryEvaluator::report(const RunOutcome& outcome, const SyntheticSource&,
                            ReplResult& r) const {
    r.text += outcome.output;
    if (!outcome.output.empty() && outcome.output.back() != '\n') r.text += "\n";
    r.text += format(outcome.diagnostics, outcome.counts);
    for (const Diagnostic& d : outcome.diagnostics)
        r.diagnostics.push_back(d);
    if (!outcome.ok) {
        r.ok = false;
        r.text += "(entry stopped; the session is unchanged)\n";
    }
}

bool EntryEvaluator::refreshTypes(ReplState& state, const std::shared_ptr<Program>& program) {
    const FunctionDecl* kernel = program->findKernel(KernelBuilder::kKernelName);
    if (!kernel || !kernel->body) return false;
    std::map<std::string, const VarDecl*> decls;
    for (const StmtPtr& s : kernel->body->body)
        if (s->kind == StmtKind::Decl)
            for (const DeclPtr& d : static_cast<const DeclStmt*>(s.get())->decls)
                if (d->kind == DeclKind::Var) decls[d->name] = static_cast<const VarDecl*>(d.get());
    bool all = true;
    for (PersistentVariable& v : state.variables) {
        auto it = decls.find(v.name);
        if (it == decls.end() || !it->second->type) {
            all = false;
            continue;
        }
        v.type = it->second->type;
        const uint64_t size = v.type->canonical()->size;
        if (size != v.size) {
            v.size = size;
            v.bytes.resize(size, 0);
        }
        v.align = std::max<uint64_t>({it->second->align, v.type->align, 1});
    }
    state.typeOwner = program;
    state.layout();
    return all;
}

std::optional<PersistentVariable> EntryEvaluator::makeVariable(const VarDecl& d,
                                                               std::string& why) const {
    PersistentVariable v;
    v.name = d.name;
    v.origin = m_origin;
    v.type = d.type;
    const Type* t = d.type->canonical();
    if (t->size == 0 || t->kind == TypeKind::Opaque) {
        why = "a value of type '" + d.type->name + "' has no bytes to keep";
        return std::nullopt;
    }
    v.space = d.type.space == AddressSpace::Local ? AddressSpace::Local : AddressSpace::Private;
    if (v.space == AddressSpace::Local && d.type.isConst && !t->isArray()) {
        why = "a const __local variable cannot be given its value again";
        return std::nullopt;
    }
    // Keeping it would copy its bytes at every entry; the run refuses it anyway.
    const RunOptions limits;
    const uint64_t limit =
        v.space == AddressSpace::Local ? limits.localMemoryBytes : limits.maxPrivateBytes;
    if (t->size > limit) {
        why = "it needs " + std::to_string(t->size) + " bytes, more than the " +
              std::to_string(limit) + "-byte " +
              (v.space == AddressSpace::Local ? "__local" : "__private") + " memory limit";
        return std::nullopt;
    }
    v.isArray = t->isArray();
    v.isConst = d.type.isConst;
    std::optional<std::string> decl = TypeSpeller::declaration(d.type, d.name);
    QualType object = d.type;
    object.space = AddressSpace::None;
    std::optional<std::string> load = TypeSpeller::pointerTo(object, AddressSpace::Global, true);
    std::optional<std::string> store = TypeSpeller::pointerTo(object, AddressSpace::Global, false);
    if (!decl || !load || !store) {
        why = "its type '" + d.type->name +
              "' cannot be written in a declaration (give the struct a tag or a typedef)";
        return std::nullopt;
    }
    v.declaration = *decl;
    v.loadPointer = *load;
    v.storePointer = *store;
    v.size = t->size;
    v.align = std::max<uint64_t>({d.align, d.type->align, 1});
    v.bytes.assign(v.size, 0);
    return v;
}

std::vector<Diagnostic> EntryEvaluator::diagnosticsOf(const Program& program,
                                                      const SyntheticSource& source) const {
    std::vector<Diagnostic> diags = ReplCompiler::entryDiagnostics(program, source, m_origin);
    for (Diagnostic& d : diags)
        for (RelatedLocation& n : d.notes) {
            if (n.range.begin.file != 0) continue;
            // "pointer 'g' declared __global here": the kept variable 'g'.
            size_t open = n.message.find('\'');
            size_t close = open == std::string::npos ? open : n.message.find('\'', open + 1);
            if (close == std::string::npos) continue;
            const PersistentVariable* v =
                m_state.find(n.message.substr(open + 1, close - open - 1));
            if (!v || !v->origin) continue;
            const std::string& text = m_sources.text(v->origin);
            for (size_t at = text.find(v->name); at != std::string::npos;
                 at = text.find(v->name, at + 1)) {
                auto word = [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                };
                if ((at > 0 && word(text[at - 1])) ||
                    (at + v->name.size() < text.size() && word(text[at + v->name.size()])))
                    continue;
                const uint32_t line =
                    1 + static_cast<uint32_t>(std::count(text.begin(), text.begin() + at, '\n'));
                const size_t lineStart = text.rfind('\n', at == 0 ? 0 : at - 1);
                const uint32_t column =
                    static_cast<uint32_t>(
                        at - (lineStart == std::string::npos || at == 0 ? 0 : lineStart + 1)) +
                    1;
                n.range.begin = SourceLocation{v->origin, line, column};
                n.range.end =
                    SourceLocation{v->origin, line, column + static_cast<uint32_t>(v->name.size())};
                break;
            }
        }
    return diags;
}

std::vector<const Stmt*> EntryEvaluator::entryStatements(const Program& program,
                                                         const SyntheticSource& source) const {
    std::vector<const Stmt*> out;
    const FunctionDecl* kernel = program.findKernel(KernelBuilder::kKernelName);
    if (!kernel || !kernel->body) return out;
    for (const StmtPtr& s : kernel->body->body) {
        if (source.inEntry(s->range.begin, m_origin)) {
            out.push_back(s.get());
            continue;
        }
        // `(entry);` starts on a generated line: the statement whose expression is in the entry.
        if (s->kind == StmtKind::Expr) {
            const Expr* e = static_cast<const ExprStmt*>(s.get())->expr.get();
            if (e && source.inEntry(e->range.begin, m_origin)) out.push_back(s.get());
        }
    }
    return out;
}

} // namespace clstep::repl
