#pragma once

#include "common/SourceRange.h"
#include "core/Type.h"

#include <vector>

namespace clstep {

/// One resolved builtin call as its implementation sees it. Sema fills one in every call it
/// resolves to a builtin (`ast::CallExpr::resolved`), after inserting the implicit
/// conversions, so the builtins layer needs no AST: the frontend depends on builtins, never
/// the other way round (docs/architecture.md, "Pipeline").
struct BuiltinCall {
    int builtin = -1;               ///< BuiltinRegistry id of the chosen overload
    QualType type;                  ///< the call's result type
    std::vector<QualType> argTypes; ///< the converted argument types, one per argument
    SourceRange range;              ///< the whole call, for diagnostics and observers
};

} // namespace clstep
