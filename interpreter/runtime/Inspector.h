#pragma once

#include "runtime/WorkItem.h"

namespace clstep {

namespace exec {
class LoweredExpr;
}

/// The debugger's view into a paused work-item: evaluates expressions (print, watch,
/// breakpoint conditions) in its innermost frame, through an InspectPort, so that observers
/// see nothing and the first runtime error ends the evaluation instead of being reported
/// (WorkItem::inspect). The expression is lowered once (exec::LoweredExpr) and its nodes run
/// on each work-item, as the lowered code of the kernel does (a struct, union or array value
/// that is not an lvalue through its aggregate node: the address of a temporary).
class Inspector {
public:
    /// See WorkItem::inspect: the value (bytes in device order) or the error that stopped
    /// the evaluation; temporaries it allocated are released. Never throws.
    /// `calls` and `route` are `wi`'s parts (WorkItem's call frames and `__private` memory,
    /// and where its accesses go: the InspectPort is swapped in for the evaluation).
    static WorkItem::Inspection inspect(WorkItem& wi, CallStack& calls, MemoryRoute& route,
                                        const exec::LoweredExpr& e);
};

} // namespace clstep
