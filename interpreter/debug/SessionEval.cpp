// Session: expressions in a work-item's scope (print) and conditional breakpoints.
#include "common/DeepStackThread.h"
#include "debug/ExprCompiler.h"
#include "debug/IdShorthand.h"
#include "debug/Session.h"
#include "debug/SessionController.h"
#include "debug/ValueFormatter.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <map>
#include <tuple>

namespace clstep::debug {

/// Compiled expressions by scope (function, statement, inside a frame) for evaluateEach():
/// the work-items standing at the same statement share one compilation.
struct Session::EvalCache {
    struct Entry {
        CompiledExpr c;
        bool expandedIds = false;
        /// `c.expr` lowered once, evaluated on every work-item that shares the entry
        std::unique_ptr<exec::LoweredExpr> lowered;
    };
    std::map<std::tuple<const void*, const void*, bool>, Entry> entries;
};

namespace {

std::string withHint(const std::string& message, const std::string& hint) {
    return hint.empty() ? message : message + " (hint: " + hint + ")";
}

} // namespace

EvalResult Session::evaluate(const std::string& expression) {
    return evaluateTyped(expression, nullptr);
}

std::vector<EvalResult> Session::evaluateEach(const std::string& expression) {
    std::vector<EvalResult> out;
    const WorkGroup* g = viewedGroup();
    if (!g || !m_run || !m_program || m_program->hasErrors()) {
        out.push_back(evaluateTyped(expression, nullptr)); // says why
        return out;
    }
    out.reserve(g->workItems().size());
    EvalCache cache;
    // one deep stack for all of them (evaluateOn's runOnDeepStack then runs in place): a
    // thread per work-item dominated the simt redraw with a multi-watch (bench/README.md)
    runOnDeepStack([&] {
        for (const auto& wi : g->workItems())
            out.push_back(evaluateOn(wi.get(), expression, nullptr, &cache));
    });
    return out;
}

EvalResult Session::evaluateTyped(const std::string& expression, QualType* typeOut) {
    return evaluateOn(selectedItem(), expression, typeOut);
}

EvalResult Session::evaluateOn(WorkItem* wi, const std::string& expression, QualType* typeOut,
                               EvalCache* cache) {
    EvalResult r;
    r.expression = expression;
    if (!m_program || m_program->hasErrors()) {
        r.error = m_program ? "the program has errors" : "no program loaded";
        r.hint = "load a kernel that builds";
        return r;
    }
    if (!m_run) {
        r.error = "the kernel is not running";
        r.hint = "reset (start) the run first";
        return r;
    }
    if (!wi) {
        r.error = "no work-item is selected";
        r.hint = "select a work-group that is running or kept (group, workitem)";
        return r;
    }
    ast::FunctionDecl* function = const_cast<ast::FunctionDecl*>(&m_run->kernel());
    std::vector<ast::Decl*> visible;
    const bool inFrame = wi->callDepth() > 0;
    if (inFrame) {
        function = const_cast<ast::FunctionDecl*>(wi->frameFunction(wi->callDepth() - 1));
        visible = ExprCompiler::visibleAt(*function, wi->currentStatement());
    }
    auto compile = [&] {
        EvalCache::Entry entry;
        entry.c = ExprCompiler::compile(*m_program, function, visible, expression, false);
        if (!entry.c.ok()) { // lid/gid/grp shorthands, when the scope has no such names
            const std::string expanded = IdShorthand::expand(expression);
            if (expanded != expression) {
                CompiledExpr e =
                    ExprCompiler::compile(*m_program, function, visible, expanded, false);
                if (e.ok()) {
                    entry.c = std::move(e);
                    entry.expandedIds = true;
                }
            }
        }
        return entry;
    };
    EvalCache::Entry own;
    EvalCache::Entry* entry = &own;
    if (cache) {
        const auto key = std::make_tuple(
            static_cast<const void*>(function),
            static_cast<const void*>(inFrame ? wi->currentStatement() : nullptr), inFrame);
        auto it = cache->entries.find(key);
        if (it == cache->entries.end()) it = cache->entries.emplace(key, compile()).first;
        entry = &it->second;
    } else {
        own = compile();
    }
    const CompiledExpr& c = entry->c;
    const bool expandedIds = entry->expandedIds;
    if (!c.ok()) {
        r.error = c.error;
        r.column = c.column;
        r.hint = c.hint;
        if (!inFrame && c.error.find("undeclared identifier") != std::string::npos)
            r.hint =
                wi->state() == WorkItem::State::Finished || wi->state() == WorkItem::State::Error
                    ? "the work-item has finished: its variables no longer exist"
                    : "the work-item has not started: step once to enter the kernel (work-item "
                      "functions such "
                      "as get_global_id(0) work now)";
        return r;
    }
    // The expression may nest kMaxNestingDepth deep: evaluate it on a stack sized for that.
    WorkItem::Inspection value;
    if (!entry->lowered) entry->lowered = std::make_unique<exec::LoweredExpr>(c.expr.get());
    runOnDeepStack([&] { value = wi->inspect(*entry->lowered); });
    if (!value.ok) {
        r.error = value.error;
        if (value.errorKind)
            r.error += " [" + std::string(DiagnosticKinds::name(*value.errorKind)) + "]";
        if (!expandedIds && value.errorSite.begin.file == c.expr->range.begin.file)
            r.column = c.columnAt(value.errorSite.begin);
        r.hint = value.errorKind == DiagnosticKind::OutOfBounds
                     ? "the index or pointer is outside the object it points into"
                 : value.errorKind == DiagnosticKind::NullDereference
                     ? "the pointer is NULL (or the variable is not declared yet)"
                     : "";
        return r;
    }
    ValueFormatter fmt(m_runOptions.deviceBigEndian);
    QualType type = c.expr->type;
    if (value.address) type.space = address::space(value.address);
    r.variable =
        fmt.variable(expression, type, value.address, value.bytes.data(), value.bytes.size());
    r.type = r.variable.type;
    r.value = r.variable.value;
    r.address = value.address;
    r.size = value.bytes.size();
    r.ok = true;
    if (typeOut) *typeOut = c.expr->type;
    return r;
}

bool Session::compileConditions(Breakpoint& b) {
    auto fail = [this](const std::string& message) {
        m_lastError = message; // not a stop: the stop reason stays
        return false;
    };
    m_conditions.erase(b.id);
    if (b.condition.empty()) return true;
    if (!m_program || m_program->hasErrors()) return fail("no program that builds is loaded");
    auto statements = ExprCompiler::statementsOnLine(*m_program, b.line);
    if (statements.empty())
        return fail(withHint(
            "no statement starts on line " + std::to_string(b.line),
            "a conditional breakpoint needs a line with a statement (list shows the source)"));
    auto set = std::make_unique<SessionController::Conditions>();
    std::string firstError;
    bool any = false;
    for (const auto& [function, stmt] : statements) {
        CompiledExpr c = ExprCompiler::compile(
            *m_program, function, ExprCompiler::visibleAt(*function, stmt), b.condition, true);
        if (c.ok())
            any = true;
        else if (firstError.empty())
            firstError =
                withHint("condition '" + b.condition + "' at line " + std::to_string(b.line) +
                             (c.column ? ", column " + std::to_string(c.column) : std::string()) +
                             ": " + c.error,
                         c.hint);
        (*set)[stmt] = std::move(c.expr);
    }
    if (!any) return fail(firstError);
    m_conditions[b.id] = std::move(set);
    return true;
}

void Session::recompileConditions() {
    for (Watchpoint& w : m_watchpoints)
        w.type = QualType{}; // types of the previous program
    std::string error = m_lastError;
    for (Breakpoint& b : m_breakpoints)
        if (!b.condition.empty()) compileConditions(b);
    m_lastError = error;
}

int Session::addBreakpoint(uint32_t line, const std::string& condition) {
    if (condition.find_first_not_of(" \t") == std::string::npos) return addBreakpoint(line);
    Breakpoint candidate;
    candidate.id = m_nextBreakpointId;
    candidate.line = line;
    candidate.condition = condition;
    if (!compileConditions(candidate)) return 0;
    for (Breakpoint& b : m_breakpoints)
        if (b.line == line) {
            b.condition = condition;
            m_conditions[b.id] = std::move(m_conditions[candidate.id]);
            m_conditions.erase(candidate.id);
            return b.id;
        }
    ++m_nextBreakpointId;
    m_breakpoints.push_back(candidate);
    return candidate.id;
}

} // namespace clstep::debug
