#pragma once

#include "frontend/AstDecl.h"

#include <vector>

namespace clstep::exec {

/// Which parameters of function `fn` (a definition) its body may change, by parameter
/// index: true when the body assigns the parameter by name (`=`, `op=`, `++`/`--`, also
/// through a member, vector component or array element of it), takes its address (`&p`,
/// `&p.x`: it may then be written through a pointer), or when the parameter is a struct or
/// union (conservatively: a member array decays to a pointer into it). A parameter marked
/// false keeps the bytes it was bound with for the whole call, because every other write
/// into its `__private` buffer would need a pointer to it, and an out-of-bounds pointer is
/// refused by the bounds check (WorkItem::bindArguments relies on this to leave a kernel
/// argument's bytes in place from one work-item to the next). Called once per function at
/// lowering time (exec::Lowerer).
std::vector<bool> writtenParameters(const ast::FunctionDecl& fn);

} // namespace clstep::exec
