#pragma once

#include "common/SourceManager.h"
#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "repl/KernelBuilder.h"
#include "repl/ReplResult.h"
#include "repl/ReplState.h"
#include "repl/SyntheticSource.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clstep::repl {

/// Evaluates one code entry (anything but a `:` command) against a session state.
///
/// The entry is classified by compiling it in context: first at program scope (typedefs,
/// structs, functions, kernels, `__constant` data, `#define`s become part of the accumulated
/// program, replacing an earlier definition of the same name), then, when it does not end in
/// `;` or `}`, as an expression (its type comes from Sema through a probe kernel), and
/// otherwise as statements in the body of a synthetic kernel run on the selected work-item.
/// Variables the statements declare are kept. A refused entry leaves the state untouched.
class EntryEvaluator {
public:
    /// `sources` holds the entry's text under id `origin` (and the earlier entries).
    EntryEvaluator(ReplState& state, const SourceManager& sources, uint32_t origin)
        : m_state(state), m_sources(sources), m_origin(origin) {}

    /// Classifies, compiles and runs `text`; updates the state when it is accepted.
    ReplResult evaluate(const std::string& text);

    /// The outcome of compiling `text` as an expression (without running it).
    struct ExpressionProbe {
        std::shared_ptr<Program> program;
        SyntheticSource source;
        const ast::Expr* expr = nullptr; ///< the entry's expression, typed by Sema
        bool parsed = false;             ///< no syntax errors
        std::vector<Diagnostic> diagnostics;
    };
    /// Compiles `text` as an expression in the context of the state (`:type`).
    ExpressionProbe probeExpression(const std::string& text) const;

    /// Formats diagnostics of this entry for the console.
    std::string format(const std::vector<Diagnostic>& diagnostics,
                       const std::vector<uint64_t>& counts = {}) const;

    /// `text` with a `;` inserted after its last significant character when it does not end
    /// in `;` or `}` (comments ignored).
    static std::string terminated(const std::string& text);
    /// The last character of `text` that is not blank or inside a comment ('\0' if none).
    static char lastSignificant(const std::string& text, size_t* position = nullptr);

private:
    struct RunOutcome {
        bool ok = false;
        std::vector<uint8_t> state;
        std::vector<uint8_t> value;
        std::vector<Diagnostic> diagnostics;
        std::vector<uint64_t> counts;
        std::string output;
    };

    /// Program scope: returns nullopt when the entry is not a program-scope declaration.
    std::optional<ReplResult> tryProgramLevel(const std::string& text);
    ReplResult evaluateExpression(const std::string& text, ExpressionProbe probe);
    ReplResult evaluateStatement(const std::string& text, const ExpressionProbe* expressionTry);

    // EntryEvaluatorRun.cpp
    RunOutcome run(const Program& program, const SyntheticSource& source, const ReplState& state,
                   uint64_t valueSize) const;
    /// Points the variables' types at `program`'s entry kernel declarations (resizing a
    /// variable whose type changed size); false when a variable is missing.
    static bool refreshTypes(ReplState& state, const std::shared_ptr<Program>& program);
    /// A kept variable for declaration `v` of the entry; nullopt (with `why`) if it cannot be kept.
    std::optional<PersistentVariable> makeVariable(const ast::VarDecl& v, std::string& why) const;
    /// The program's diagnostics for this entry (ReplCompiler::entryDiagnostics), with notes
    /// about kept variables pointing at the entry that declared them rather than at the
    /// generated code that declares them again.
    std::vector<Diagnostic> diagnosticsOf(const Program& program,
                                          const SyntheticSource& source) const;
    /// The statements of the entry kernel's body that come from this entry.
    std::vector<const ast::Stmt*> entryStatements(const Program& program,
                                                  const SyntheticSource& source) const;
    /// Appends runtime output and diagnostics to `r`; marks it refused after a step limit.
    void report(const RunOutcome& outcome, const SyntheticSource& source, ReplResult& r) const;

    ReplState& m_state;
    const SourceManager& m_sources;
    uint32_t m_origin;
};

} // namespace clstep::repl
