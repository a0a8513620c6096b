#pragma once

#include "frontend/AstDecl.h"

namespace clstep::ast {

/// Fills the links the interpreter uses for `goto` and `switch` after Sema: every
/// statement's Stmt::parent, and each SwitchStmt's `cases` and `defaultLabel` (C99 6.8.4.2:
/// the labels of a switch are those not inside a nested switch). Runs over every function
/// body of `unit`; idempotent.
void linkStatements(TranslationUnit& unit);

/// True if `target` is `s` or lies inside it, without crossing into a nested switch when
/// `target` is a case or default label (that label belongs to the nested switch). Follows
/// the parent links: O(depth of `target`).
bool statementContains(const Stmt* s, const Stmt* target);

} // namespace clstep::ast
