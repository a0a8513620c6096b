#pragma once

#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "repl/ReplSettings.h"
#include "repl/SyntheticSource.h"

#include <memory>
#include <vector>

namespace clstep::repl {

/// Compiles synthetic programs with the session's language version and byte order, and
/// sorts their diagnostics for the entry being evaluated.
class ReplCompiler {
public:
    /// Preprocesses, parses and checks `source` (Program::fromSource).
    static std::shared_ptr<Program> compile(const SyntheticSource& source,
                                            const ReplSettings& settings);
    /// True when the program did not parse (syntax or preprocessor errors): Sema did not run.
    static bool hasSyntaxErrors(const Program& program);
    /// The program's diagnostics mapped to entry coordinates: everything inside entry
    /// `origin`, and errors anywhere else (warnings of earlier entries are not repeated).
    static std::vector<Diagnostic> entryDiagnostics(const Program& program,
                                                    const SyntheticSource& source, uint32_t origin);
};

} // namespace clstep::repl
