#pragma once

#include "common/SourceManager.h"
#include "repl/ReplResult.h"
#include "repl/ReplSession.h"
#include "repl/ReplSettings.h"
#include "repl/ReplState.h"

#include <string>

namespace clstep::repl {

/// The OpenCL C scratchpad: a read-eval-print loop over a simulated device, without Qt.
///
///     Repl repl;
///     repl.submit("float4 v = (float4)(1, 2, 3, 4);");   // kept variable
///     ReplResult r = repl.submit("v.wzyx * 2");         // r.value "(float4)(8, 6, 4, 2)"
///
/// An entry is a declaration (kept: typedefs, structs, functions, kernels, `__constant` data,
/// `#define`s, and variables), a statement (run on the selected work-item), an expression
/// (run, its value shown with its type and bytes), or a `:` command (`:help` lists them).
/// A refused entry (a syntax error, a broken rule, an endless loop stopped by the step limit)
/// leaves the session as it was. Multi-line entries are submitted whole (EntryAccumulator
/// tells a console when an entry is complete).
class Repl {
public:
    Repl() = default;
    explicit Repl(const ReplSettings& settings) { m_session.state.settings = settings; }

    /// Evaluates one entry. Never throws.
    ReplResult submit(const std::string& entry);

    /// The accumulated declarations, kept variables and settings.
    const ReplState& state() const { return m_session.state; }
    /// The texts of all entries; diagnostics' `range.begin.file` are ids into it.
    const SourceManager& sources() const { return m_session.sources; }
    /// The text `:help` prints.
    static std::string help();

private:
    ReplSession m_session;
};

} // namespace clstep::repl
