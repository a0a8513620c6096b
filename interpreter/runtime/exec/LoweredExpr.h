#pragma once

#include "runtime/exec/LoweredProgram.h"

namespace clstep::exec {

/// A debugger expression (print, watch, breakpoint condition; already checked by Sema in one
/// scope) lowered once into exec::Nodes, to be evaluated on any number of paused work-items
/// by the Inspector (WorkItem::inspect). It refers to `expr`'s AST, which must outlive it;
/// the nodes themselves do not depend on a run, so one lowering serves every run of the
/// program.
class LoweredExpr {
public:
    /// Lowers `e` (null or untyped: nothing is lowered).
    explicit LoweredExpr(const ast::Expr* e);
    LoweredExpr(const LoweredExpr&) = delete;
    LoweredExpr& operator=(const LoweredExpr&) = delete;

    /// The expression lowered.
    const ast::Expr* expr() const { return m_expr; }
    /// A node computing the address of the object `expr` names (a variable, an element, a
    /// field, `*p`, one component of an lvalue vector), or null when it is a value without
    /// storage of its own.
    const Node* address() const { return m_address; }
    /// A node computing the value of `expr` when address() is null (Lowerer::expression: a
    /// vector node for vectors, an aggregate node giving the address of a struct, union or
    /// array value, a discarding node for void); null only for "no expression".
    const Node* value() const { return m_value; }
    /// True when `e` designates storage of its own (address() applies); the rest is computed.
    static bool hasStorage(const ast::Expr* e);

private:
    const ast::Expr* m_expr;
    LoweredProgram m_nodes;
    const Node* m_address = nullptr;
    const Node* m_value = nullptr;
};

} // namespace clstep::exec
