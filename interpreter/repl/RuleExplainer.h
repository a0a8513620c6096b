#pragma once

#include "common/DiagnosticKind.h"

#include <string>

namespace clstep::repl {

/// One-line explanations of Sema's rule ids (docs/rules.md), for students: why the rule
/// exists, with the section of the OpenCL C specification that states it.
class RuleExplainer {
public:
    /// The explanation of rule `kind` ("" for ids without one, such as syntax errors).
    static std::string explain(DiagnosticKind kind);
};

} // namespace clstep::repl
