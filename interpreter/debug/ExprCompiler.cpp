// ExprCompiler: parsing and checking debugger expressions in the scope of a statement.
#include "debug/ExprCompiler.h"

#include "common/DeepStackThread.h"

#include "debug/ObjectMacros.h"

#include "builtins/BuiltinRegistry.h"
#include "frontend/AstWalk.h"
#include "frontend/Parser.h"
#include "frontend/PreprocessedSource.h"
#include "frontend/Program.h"
#include "frontend/Sema.h"

#include <algorithm>
#include <cstring>
#include <set>

namespace clstep::debug {

using namespace ast;

namespace {

/// File id given to the wrapper text (never registered in a SourceManager).
constexpr uint32_t kExprFile = 0x7fffffff;
const char* const kWrapperName = "__clstep_debugger_expression";

void addDecls(const Stmt* s, std::vector<Decl*>& out) {
    if (s && s->kind == StmtKind::Decl)
        for (const DeclPtr& d : static_cast<const DeclStmt*>(s)->decls)
            out.push_back(d.get());
}

/// Appends the declarations visible at `target` while walking down from `s`; true when
/// `target` was found (then `out` holds the scope at it). A declaration is visible after
/// its statement: the items of a block and the init of a `for` are the only statements
/// that can be declarations.
bool collectScope(const Stmt* s, const Stmt* target, std::vector<Decl*>& out) {
    if (!s) return false;
    if (s == target) return true;
    const size_t mark = out.size();
    bool found = false;
    forEachChild(
        s,
        [&](const Stmt* c) {
            if (found) return;
            found = collectScope(c, target, out);
            if (!found) addDecls(c, out);
        },
        [](const Expr*) {});
    if (!found) out.resize(mark);
    return found;
}

/// Builtins the debugger must not run: they write memory, synchronise, print or may suspend.
bool builtinHasSideEffects(const std::string& name, int builtin) {
    static const char* const kPrefixes[] = {"atomic_",          "atom_",       "vstore",
                                            "async_work_group", "write_image", "work_group_",
                                            "sub_group_",       "prefetch"};
    static const std::set<std::string> kNames = {
        "barrier", "mem_fence", "read_mem_fence", "write_mem_fence", "wait_group_events",
        "printf",  "fract",     "modf",           "frexp",           "lgamma_r",
        "remquo",  "sincos"};
    if (builtin >= 0 && (BuiltinRegistry::instance().def(builtin).flags & BuiltinIsBarrier))
        return true;
    if (kNames.count(name)) return true;
    for (const char* p : kPrefixes)
        if (name.rfind(p, 0) == 0) return true;
    return false;
}

/// The first sub-expression with a side effect (in evaluation-tree pre-order), with what it
/// is ("an assignment"); null when there is none. Operands of sizeof, _Alignof and vec_step
/// are not evaluated.
const Expr* sideEffect(const Expr* e, std::string& what) {
    const Expr* found = nullptr;
    auto stop = [&](const Expr* x, std::string text) {
        found = x;
        what = std::move(text);
        return Visit::Stop;
    };
    walk(e, [&](const Expr* x) {
        switch (x->kind) {
        case ExprKind::Assign:
            return stop(x, "an assignment");
        case ExprKind::StringLiteral:
            return stop(x, "a string literal");
        case ExprKind::Unary: {
            auto* u = static_cast<const UnaryExpr*>(x);
            if (u->op == UnaryOp::PreInc || u->op == UnaryOp::PostInc || u->op == UnaryOp::PreDec ||
                u->op == UnaryOp::PostDec)
                return stop(x, std::string("'") + unaryOpSpelling(u->op) + "'");
            return Visit::Children;
        }
        case ExprKind::Call: {
            auto* c = static_cast<const CallExpr*>(x);
            std::string name = c->callee && c->callee->kind == ExprKind::Name
                                   ? static_cast<const NameExpr*>(c->callee.get())->name
                                   : std::string();
            if (c->function) return stop(x, "a call to the program function '" + name + "'");
            if (builtinHasSideEffects(name, c->builtin))
                return stop(x, "a call to '" + name +
                                   "', which writes memory, synchronises or prints");
            return Visit::Children;
        }
        case ExprKind::Sizeof:
        case ExprKind::Alignof:
        case ExprKind::VecStep:
            return Visit::Skip; // not evaluated
        default:
            return Visit::Children;
        }
    });
    return found;
}

std::string visibleNames(const std::vector<Decl*>& visible) {
    std::vector<std::string> names;
    for (const Decl* d : visible)
        if ((d->kind == DeclKind::Var || d->kind == DeclKind::Param) && !d->name.empty() &&
            std::find(names.begin(), names.end(), d->name) == names.end())
            names.push_back(d->name);
    std::string s;
    for (const std::string& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

std::string hintFor(DiagnosticKind kind, const std::vector<Decl*>& visible) {
    if (kind == DiagnosticKind::UndeclaredIdentifier) {
        std::string names = visibleNames(visible);
        return names.empty()
                   ? "no variable is in scope here yet (step into the kernel first); work-item "
                     "functions such as get_global_id(0) work anywhere"
                   : "in scope here: " + names;
    }
    if (kind == DiagnosticKind::SyntaxError)
        return "write one OpenCL C expression, e.g. a[i], s.f, p->x, *ptr, "
               "scratch[get_local_id(0)+1]";
    if (kind == DiagnosticKind::NoMember)
        return "check the member name (info locals shows the variables and their types)";
    return "";
}

} // namespace

std::vector<Decl*> ExprCompiler::visibleAt(const FunctionDecl& function, const Stmt* at) {
    std::vector<Decl*> out;
    for (const auto& p : function.params)
        out.push_back(p.get());
    if (at) {
        std::vector<Decl*> locals;
        if (collectScope(function.body.get(), at, locals))
            out.insert(out.end(), locals.begin(), locals.end());
    }
    return out;
}

std::vector<std::pair<FunctionDecl*, const Stmt*>>
ExprCompiler::statementsOnLine(const Program& program, uint32_t line) {
    std::vector<std::pair<FunctionDecl*, const Stmt*>> out;
    if (!program.unit) return out;
    for (const DeclPtr& d : program.unit->decls)
        if (d->kind == DeclKind::Function) {
            auto* f = static_cast<FunctionDecl*>(d.get());
            walk(f->body.get(), [&](const Stmt* s) {
                if (s->kind != StmtKind::Compound && s->range.begin.file == program.mainFile &&
                    s->range.begin.line == line)
                    out.emplace_back(f, s);
            });
        }
    return out;
}

CompiledExpr ExprCompiler::compile(Program& program, FunctionDecl* function,
                                   const std::vector<Decl*>& visible, const std::string& rawText,
                                   bool condition) {
    CompiledExpr result;
    std::string text = rawText;
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    if (text.find_first_not_of(" \t") == std::string::npos) {
        result.error = "no expression given";
        result.hint = hintFor(DiagnosticKind::SyntaxError, visible);
        return result;
    }
    if (text.find_first_of("{};") != std::string::npos && text.find("){") == std::string::npos &&
        text.find(") {") == std::string::npos) {
        size_t at = text.find_first_of("{};");
        result.error = std::string("unexpected '") + text[at] + "' in an expression";
        result.column = static_cast<uint32_t>(at + 1);
        result.hint = hintFor(DiagnosticKind::SyntaxError, visible);
        return result;
    }
    result.textSize = text.size();
    const std::string typed = text;
    text = ObjectMacros::fromProgram(program).expand(typed, result.columns);
    // Typedef names must be known to the parser (casts like `(my_t)x`).
    std::string prelude;
    uint32_t preludeLines = 0;
    std::set<std::string> typedefs;
    auto addTypedef = [&](const Decl* d) {
        if (d->kind == DeclKind::Typedef && !d->name.empty() && typedefs.insert(d->name).second) {
            prelude += "typedef int " + d->name + ";\n";
            ++preludeLines;
        }
    };
    if (program.unit)
        for (const DeclPtr& d : program.unit->decls)
            addTypedef(d.get());
    for (const Decl* d : visible)
        addTypedef(d);
    const uint32_t exprLine = preludeLines + 2;
    result.line = exprLine;
    std::string source = prelude + "void " + kWrapperName + "(void) {\n" + text + "\n;}\n";
    ParseResult parsed = parseOpenCL(PreprocessedSource::identity(source, kExprFile));
    auto columnOf = [&](const SourceLocation& l) -> uint32_t {
        if (l.line < exprLine) return 1;
        if (l.line > exprLine) return static_cast<uint32_t>(typed.size() + 1);
        uint32_t c = result.columnAt(l);
        return c ? c : static_cast<uint32_t>(typed.size() + 1);
    };
    for (const Diagnostic& d : parsed.diagnostics)
        if (d.severity == Severity::Error) {
            result.error = d.message;
            result.column = columnOf(d.range.begin);
            result.hint = hintFor(DiagnosticKind::SyntaxError, visible);
            return result;
        }
    FunctionDecl* wrapper = nullptr;
    if (parsed.unit && !parsed.unit->decls.empty() &&
        parsed.unit->decls.back()->kind == DeclKind::Function)
        wrapper = static_cast<FunctionDecl*>(parsed.unit->decls.back().get());
    if (!wrapper || !wrapper->body || wrapper->body->body.size() != 1 ||
        wrapper->body->body.front()->kind != StmtKind::Expr) {
        result.error = "not a single expression";
        result.hint = hintFor(DiagnosticKind::SyntaxError, visible);
        return result;
    }
    ExprPtr expr = std::move(static_cast<ExprStmt*>(wrapper->body->body.front().get())->expr);
    if (!expr) {
        result.error = "not an expression";
        result.hint = hintFor(DiagnosticKind::SyntaxError, visible);
        return result;
    }
    std::vector<Diagnostic> errors;
    runOnDeepStack([&] {
        Sema sema(program);
        errors = sema.checkDebuggerExpr(expr, function, visible);
    });
    if (!errors.empty()) {
        result.error = errors.front().message;
        result.column = columnOf(errors.front().range.begin);
        result.hint = hintFor(errors.front().kind, visible);
        return result;
    }
    std::string what;
    if (const Expr* bad = sideEffect(expr.get(), what)) {
        result.error = "the debugger does not evaluate " + what + ": it would change the run";
        result.column = columnOf(bad->range.begin);
        result.hint =
            "print reads memory only; change the kernel and run it again to change values";
        return result;
    }
    if (condition) {
        const Type* t = expr->type.type ? expr->type->canonical() : nullptr;
        if (!t || !(t->isScalar() || t->isPointer())) {
            result.error = "a condition must be a scalar or a pointer, not '" +
                           (expr->type.type ? typeToString(expr->type) : std::string("?")) + "'";
            result.column = 1;
            result.hint = "compare it, e.g. 'i > 10' or 'get_local_id(0) == 3'";
            return result;
        }
    }
    result.expr = std::move(expr);
    return result;
}

uint32_t CompiledExpr::columnAt(const SourceLocation& l) const {
    if (l.line != line || l.column == 0) return 0;
    if (l.column - 1 < columns.size()) return columns[l.column - 1];
    return static_cast<uint32_t>(textSize + 1);
}

bool ExprCompiler::truthy(const QualType& type, const std::vector<uint8_t>& bytes, bool bigEndian) {
    const Type* t = type.type ? type->canonical() : nullptr;
    if (!t || bytes.empty()) return false;
    size_t n = std::min<size_t>(bytes.size(), t->size);
    uint8_t b[8] = {};
    for (size_t i = 0; i < n && i < 8; ++i)
        b[i] = bytes[bigEndian ? n - 1 - i : i];
    if (t->kind == TypeKind::Float) {
        float f;
        std::memcpy(&f, b, 4);
        return f != 0.0f;
    }
    if (t->kind == TypeKind::Double) {
        double d;
        std::memcpy(&d, b, 8);
        return d != 0.0;
    }
    if (t->kind == TypeKind::Half) return (b[0] | (b[1] & 0x7f)) != 0;
    for (size_t i = 0; i < n; ++i)
        if (b[i]) return true;
    return false;
}

} // namespace clstep::debug
