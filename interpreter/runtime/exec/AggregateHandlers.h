#pragma once

#include "runtime/Evaluator.h"
#include "runtime/exec/Code.h"

namespace clstep::exec {

/// The handlers of lowered user-function calls and of expressions of struct, union or array
/// type. An *aggregate node* is scalar-shaped (Node::fn) and evaluates to one Component holding
/// the aggregate's address (an lvalue's own storage, a call's temporary copy of the returned
/// object, a compound literal's temporary, a string literal in constant memory). Memory
/// accesses go through the work-item's MemoryPort.
struct AggregateHandlers {
    /// A call of a user function (`n.imm.u` is its exec::Call) with a scalar, pointer,
    /// aggregate (a temporary's address) or void result (component 0, zero for void):
    /// Evaluator::callLowered.
    static Component callUser(const Node& n, Evaluator& ev) {
        Component out[16];
        ev.callLowered(*reinterpret_cast<const Call*>(n.imm.u),
                       static_cast<const ast::CallExpr*>(n.expr), out);
        return out[0];
    }
    /// callUser() of a function with a vector result, as a vector node (its `n.count` components).
    static void callUserVector(const Node& n, Evaluator& ev, Component* out) {
        ev.callLowered(*reinterpret_cast<const Call*>(n.imm.u),
                       static_cast<const ast::CallExpr*>(n.expr), out);
    }
    /// `lhs = rhs` of struct or union type (C99 6.5.16.1): rhs's address (`n.a`) first, then the
    /// lvalue's (`n.b`), then `n.imm.u` bytes copied, seen by the observers as one copy at the
    /// lvalue's range; the rhs address is the value.
    static Component assign(const Node& n, Evaluator& ev) {
        const Component v = n.a->fn(*n.a, ev);
        const uint64_t dst = n.b->fn(*n.b, ev).u;
        ev.copyBytes(dst, v.u, n.imm.u, static_cast<const ast::AssignExpr*>(n.expr)->lhs->range);
        return v;
    }
};

} // namespace clstep::exec
