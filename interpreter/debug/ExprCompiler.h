#pragma once

#include "frontend/Ast.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clstep {
class Program;
}

namespace clstep::debug {

/// An expression typed into the debugger (`print`, a breakpoint condition), parsed and
/// checked in one scope of the program. It refers to the program's declarations and types,
/// so it must not outlive the Program it was compiled for.
struct CompiledExpr {
    std::unique_ptr<ast::Expr> expr; ///< the checked expression; null when compilation failed
    std::string error;               ///< what is wrong ("use of undeclared identifier 'x'")
    std::string hint;                ///< how to fix it (may be empty)
    uint32_t column = 0;             ///< 1-based column of the problem in the text (0: none)
    uint32_t line = 0;               ///< line of the expression in the parsed wrapper text
    std::vector<uint32_t> columns;   ///< column in the text as typed of each parsed character
    size_t textSize = 0;             ///< length of the text as typed
    bool ok() const { return expr != nullptr; }
    /// The 1-based column, in the text as typed, of a location inside `expr` (0 when the
    /// location is not in the expression).
    uint32_t columnAt(const SourceLocation& l) const;
};

/// Compiles debugger expressions: expands the program's object-like macros (ObjectMacros),
/// wraps the text as the body of a function, parses it with parseOpenCL (the program's
/// typedef names are declared first so that casts to them parse),
/// checks it with Sema::checkDebuggerExpr in the scope of one statement, and rejects
/// anything with a side effect on the run (assignments, ++/--, calls to program functions,
/// builtins that write memory, synchronise or print, string literals). Never throws.
class ExprCompiler {
public:
    /// Declarations visible just before statement `at` of `function` executes: the
    /// parameters, then the locals (and local typedefs and tags) declared so far in the
    /// blocks enclosing `at`, innermost last. `at` null or not in `function`: parameters only.
    static std::vector<ast::Decl*> visibleAt(const ast::FunctionDecl& function,
                                             const ast::Stmt* at);

    /// Every statement of the program's main file that starts on 1-based `line` (blocks
    /// excluded), outermost first, with the function that contains it.
    static std::vector<std::pair<ast::FunctionDecl*, const ast::Stmt*>>
    statementsOnLine(const Program& program, uint32_t line);

    /// Compiles `text` inside `function` with `visible` in scope. With `condition` the
    /// expression must be a scalar or pointer (its truth value is used).
    static CompiledExpr compile(Program& program, ast::FunctionDecl* function,
                                const std::vector<ast::Decl*>& visible, const std::string& text,
                                bool condition);

    /// Truth value of a scalar or pointer value of type `type` stored in `bytes` (device order
    /// given by `bigEndian`): non-zero, with -0.0 and NaN as C compares them.
    static bool truthy(const QualType& type, const std::vector<uint8_t>& bytes, bool bigEndian);
};

} // namespace clstep::debug
