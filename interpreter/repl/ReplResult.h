#pragma once

#include "common/Diagnostic.h"

#include <string>
#include <vector>

namespace clstep::repl {

/// What an entry turned out to be once it was classified.
enum class EntryKind {
    Empty,       ///< blank input or only a comment
    Command,     ///< `:help`, `:vars`, ...
    Declaration, ///< program scope (typedef, struct, function, `__constant`, `#define`) or a
                 ///< variable kept across entries
    Statement,   ///< runs on the selected work-item (`for (...) acc += v[i];`)
    Expression,  ///< runs and shows its value (`v.wzyx * 2`)
};

/// The outcome of Repl::submit(). `text` is what a console prints (value, messages and
/// formatted diagnostics, ending with a newline unless empty). `value` and `type` are set for
/// an expression (`(float4)(8, 6, 4, 2)`, `float4`) and for `:type`. `diagnostics` have their
/// ranges in entry coordinates: `range.begin.file` is the Repl::sources() id of the entry
/// they point into (the current entry, or the earlier entry that defined a kernel or
/// function), lines and columns are 1-based within that entry's text.
struct ReplResult {
    EntryKind kind = EntryKind::Empty;
    /// True when the entry was accepted; false when it was refused (state left as it was).
    bool ok = true;
    /// True after `:quit` / `:q`: the front end should stop reading.
    bool quit = false;
    std::string text;
    std::string value;
    std::string type;
    std::vector<Diagnostic> diagnostics;
};

} // namespace clstep::repl
