#pragma once

#include "runtime/WorkItem.h"

namespace clstep {

/// The debugger's view into a paused work-item: evaluates expressions (print, watch,
/// breakpoint conditions) in its innermost frame with the work-item's evaluator, through an
/// InspectPort, so that observers see nothing and the first runtime error ends the
/// evaluation instead of being reported (WorkItem::inspect).
class Inspector {
public:
    /// See WorkItem::inspect: the value (bytes in device order) or the error that stopped
    /// the evaluation; temporaries it allocated are released. Never throws.
    static WorkItem::Inspection inspect(WorkItem& wi, const ast::Expr* e);
};

} // namespace clstep
