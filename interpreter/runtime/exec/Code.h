#pragma once

#include "core/Value.h"
#include "frontend/Ast.h"

#include <cstdint>
#include <vector>

namespace clstep {

class Evaluator;

namespace exec {

/// One node of a lowered expression (see exec::Function): a handler chosen at lowering time
/// for the operator and the operand types (`arith<Add, Float>`, `loadSlot<Int>`,
/// `loadIndex`, ...), its operand nodes and immediates. Calling `fn(node, evaluator)`
/// evaluates an expression of scalar, pointer or opaque type (an 8-byte handle) to one Component;
/// an expression of struct, union or array type to its address (an *aggregate node*), and
/// one of type void for its side effects (component 0 is then meaningless). `expr` is the
/// expression it was lowered from (its SourceRange for diagnostics and observers). Nodes are
/// immutable once lowered and shared by every thread and every run of the program.
///
/// A node of vector type is a *vector node*: `vec` is set instead of `fn`, and calling
/// `vec(node, evaluator, out)` writes the `count` components of the vector result into the
/// caller's `out` (at least 16 Components; components past `count` are left alone)
/// (exec::VectorHandlers). Operand nodes of either kind are evaluated with
/// VectorHandlers::evalInto().
struct Node {
    using Fn = Component (*)(const Node& n, Evaluator& ev);
    using VecFn = void (*)(const Node& n, Evaluator& ev, Component* out);
    Fn fn = nullptr;
    VecFn vec = nullptr;               ///< set (and fn null) for a vector node
    uint32_t count = 0;                ///< vector node: components of the result; list: its length
    const Node* const* list = nullptr; ///< operands of a vector literal or builtin call
    const ast::Expr* expr = nullptr;
    const Node* a = nullptr;
    const Node* b = nullptr;
    const Node* c = nullptr;
    Component imm{};                ///< constant value, element size, field offset, ...
    uint32_t slot = 0;              ///< frame slot of a variable or parameter
    TypeKind from = TypeKind::Void; ///< operand component type (conversions)
    TypeKind to = TypeKind::Void;   ///< result component type (conversions)
    uint64_t align = 0;             ///< alignment (bytes) a load/store may assume (0: the type's)

    /// Evaluates this node.
    Component operator()(Evaluator& ev) const { return fn(*this, ev); }
};

/// What one statement-level op does (see Op).
enum class OpKind : uint8_t {
    Step,        ///< statement boundary: step count, limit, observers, debugger pause
    Eval,        ///< evaluate `node` for its side effects
    Barrier,     ///< a barrier call statement `expr`: `node` gives the flags (the other
                 ///< arguments evaluated after it), then the work-group barrier
    Decl,        ///< declare variable `var` without initializer (storage only)
    DeclScalar,  ///< declare `var` and store scalar `node` into it
    DeclVector,  ///< declare `var` and store vector `node` (a vector node) into it
    Jump,        ///< continue at `target`
    BranchFalse, ///< evaluate condition `node` (reported as a branch at `expr`); false: `target`
    Switch,      ///< switch dispatch (`sw`): evaluate, report, declare skipped, jump
    Goto,        ///< declare the variables jumped over (`skipped`), continue at `target`
    Return,      ///< set the return value from `node` (scalar, aggregate or vector node; a void
                 ///< expression evaluated, the value zero), if any, and leave the function
    DeclInit,    ///< declare `var` and run initializer plan `table` (Function::inits)
    /// The end of the empty body of a counting loop (`for (...; i < N; i++);`, Lowerer::
    /// countedLoop): `var` is the loop's private integer variable, `node` the bound, `table`
    /// the comparison (ast::BinaryOp) with bit 8 set for `--`, `target` the Step ops of one
    /// iteration. Evaluator::runCountedLoop moves `var` to its last iteration's value at once.
    CountedLoop,
};

/// One op of a lowered function body.
struct Op {
    OpKind kind = OpKind::Step;
    uint32_t target = 0;               ///< op index for Jump, BranchFalse, Goto
    const Node* node = nullptr;        ///< lowered expression, or null
    const ast::Expr* expr = nullptr;   ///< the expression (its range for observers)
    const ast::Stmt* stmt = nullptr;   ///< Step: the statement
    const ast::VarDecl* var = nullptr; ///< Decl, DeclScalar
    uint32_t table = 0; ///< Switch, Goto: index into Function::jumps; DeclInit: Function::inits
    TypeKind condKind = TypeKind::Void; ///< BranchFalse with a node: the condition's type
    /// Step, BranchFalse, Switch: the statement's or branch condition's number, dense in the
    /// program (LoweredProgram::newSite(); the access statistics' log indexes its sites by it,
    /// AccessEventLog::programSite)
    uint32_t site = 0;
};

/// Where a goto or a case label lands: the op of the label's statement and the variables
/// whose declarations the jump passes over into their scope (C99 6.2.4, 6.8.6.1: they exist,
/// uninitialized), in the order the tree walk declared them.
struct JumpTarget {
    uint32_t op = 0;
    std::vector<const ast::VarDecl*> skipped;
};

/// A switch statement's dispatch: one jump target per case label of the switch (in
/// SwitchStmt::cases order), the default's (or the end of the switch).
struct SwitchTable {
    const ast::SwitchStmt* stmt = nullptr;
    const Node* cond = nullptr; ///< lowered condition
    std::vector<JumpTarget> cases;
    JumpTarget fallback; ///< default label, or the end of the switch (no skipped)
    bool hasDefault = false;
};

struct Function;

/// A call of a user function (AggregateHandlers::callUser, Evaluator::callLowered), built
/// once by Lowerer::userCall: the callee, each argument's lowered node and where its components go
/// in the call's argument buffer (a scalar, pointer, opaque or aggregate argument takes one
/// component, the aggregate's address; a vector argument 16), and the components of the result (1
/// for a scalar, pointer, aggregate (a temporary's address) or void result; the vector's N).
struct Call {
    /// Components of the argument buffer on the stack; a call needing more (`components`) takes a
    /// heap buffer.
    static constexpr uint32_t kMaxComponents = 64;
    struct Argument {
        const Node* node = nullptr; ///< scalar/aggregate node (Node::fn) or vector node
        uint32_t component = 0;     ///< first component in the argument buffer
    };
    const ast::FunctionDecl* callee = nullptr; ///< the definition (it has a body)
    /// The callee's lowered body (resolved when the whole program is lowered; null only
    /// while lowering).
    const Function* lowered = nullptr;
    std::vector<Argument> args;
    uint32_t components = 0;       ///< components of the argument buffer
    uint32_t bound = 0;            ///< parameters bound (min of parameters and arguments)
    uint32_t resultComponents = 1; ///< components copied to the caller's output
};

/// One step of a lowered initializer (C99 6.7.8, flattened at lowering time);
/// `offset` is in bytes from the object's address, `align` the alignment the store may assume.
struct InitStep {
    enum class Kind : uint8_t {
        Zero,    ///< `size` bytes set to zero (an initializer list: C99 6.7.8p21), one access
        Scalar,  ///< scalar node `node` stored as `type`
        Element, ///< vector component: operand `node` (scalar or vector), its component 0 as `type`
        Vector,  ///< vector node `node` stored as `type`
        Copy,    ///< `size` bytes copied from the aggregate whose address `node` gives
        String,  ///< string literal `expr` into a char array of `size` bytes (zero-filled)
        Value,   ///< any other value node `node` (an opaque handle: a sampler) stored as `type`
    };
    Kind kind = Kind::Zero;
    uint64_t offset = 0;
    uint64_t size = 0;
    uint64_t align = 0;
    QualType type;
    const Node* node = nullptr;
    const ast::Expr* expr = nullptr; ///< the initializer (its range is the access site)
};

/// A declaration's initializer as a flat list of steps, in evaluation order: zero-fill of each
/// `{...}` list's object, then each leaf's store.
struct InitPlan {
    std::vector<InitStep> steps;
};

/// A function lowered once after Sema: its body as a flat list of ops (a Step op at every
/// statement boundary, where the debugger pauses and observers are notified), jumps instead
/// of break/continue/goto/switch, and expressions as Node trees.
struct Function {
    const ast::FunctionDecl* decl = nullptr;
    std::vector<Op> ops;
    std::vector<JumpTarget> jumps;     ///< goto targets (Op::table)
    std::vector<SwitchTable> switches; ///< switch tables (Op::table)
    std::vector<InitPlan> inits;       ///< initializer plans (Op::table of DeclInit)
    /// By parameter index: the body may change the parameter's bytes (writtenParameters()).
    std::vector<bool> paramWritten;
};

} // namespace exec
} // namespace clstep
