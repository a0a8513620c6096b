#pragma once

#include "runtime/exec/LoweredProgram.h"

#include <memory>
#include <unordered_map>
#include <vector>

namespace clstep::exec {

/// Lowers a Sema'd function into an exec::Function (done once per program, see LoweredProgram).
/// Statements become a flat op list: a Step op at every statement boundary (counted,
/// observers notified, the debugger's pause), jumps for if/loops/break/continue, a Switch
/// dispatch whose table lists, per case label, the op to jump to and the variables whose
/// declarations the jump passes over, and the same for goto. Every expression becomes a Node
/// tree: scalar, pointer and opaque ones scalar nodes (Handlers), vectors vector nodes
/// (VectorHandlers), structs, unions and arrays aggregate nodes (AggregateHandlers), void
/// ones nodes evaluated for their effects. A form Sema does not produce for a valid program
/// becomes a node reporting "internal" (Handlers::unsupported; LoweredProgram::Stats::unsupported).
///
/// Every function is lowered, gotos and switches together: each goto and each case label has
/// its own jump target, so a goto into or out of a switch body goes where C says (C99
/// 6.8.6.1).
class Lowerer {
public:
    explicit Lowerer(LoweredProgram& program) : m_program(program) {}

    /// The lowered body of `f` (a definition with a body).
    std::unique_ptr<Function> lower(const ast::FunctionDecl& f);
    /// Program-scope or static variable `v`'s initializer (it has one) as `plan` (run at the
    /// variable's address); false for an initializer Sema would have rejected.
    bool lowerInitializer(const ast::VarDecl& v, InitPlan& plan) {
        return initPlan(v.type, v.init.get(), 0, 0, plan.steps);
    }
    /// A node for expression `e` on its own (exec::LoweredExpr, the debugger's expressions):
    /// a scalar node for a scalar, pointer or opaque type, a vector node for a vector type,
    /// an aggregate node (the address) for a struct, union or array, a discarding node for
    /// void.
    const Node* expression(const ast::Expr* e);
    /// A node computing the address of lvalue `e`.
    const Node* lvalueAddress(const ast::Expr* e) { return address(e); }

private:
    // statements (Lowerer.cpp)
    void stmt(const ast::Stmt* s);
    void decl(const ast::VarDecl* v);
    uint32_t emit(const Op& op);
    uint32_t here() const { return static_cast<uint32_t>(m_f->ops.size()); }
    /// The node of an expression statement or for-increment (discard()).
    const Node* statementExpr(const ast::Expr* e);
    /// Op for a condition: BranchFalse with its lowered node.
    uint32_t branchFalse(const ast::Expr* cond);
    /// After the body of `for` loop `f` was lowered from op `bodyStart` on: when the body is
    /// empty (only Step ops: `;` or `{}`), the condition compares a private `int`, `uint`,
    /// `long` or `ulong` variable (not volatile) with an integer constant or another private
    /// variable or parameter in the variable's type (`<`, `<=`, `!=` with `++`; `>`, `>=`,
    /// `!=` with `--`) and the increment is that `++`/`--`, emits an OpKind::CountedLoop op.
    void countedLoop(const ast::ForStmt* f, uint32_t bodyStart);
    /// The variables declared on the way from `root` down to `target` (seek mode).
    static void collectSkipped(const ast::Stmt* root, const ast::Stmt* target,
                               std::vector<const ast::VarDecl*>& out);
    /// Jump target of label/case statement `s`.
    JumpTarget targetOf(const ast::Stmt* root, const ast::Stmt* s);

    // expressions (LowerExpr.cpp)
    /// True if `e` has a scalar arithmetic or pointer type (scalar() applies; opaque
    /// handles too, see isOpaqueOperand()).
    static bool isScalarExpr(const ast::Expr* e) {
        if (!e->type.type) return false;
        const TypeKind k = e->type->canonical()->kind;
        return (k >= TypeKind::Bool && k <= TypeKind::Double) || k == TypeKind::Pointer;
    }
    /// A node for scalar (or opaque) expression `e`: lowered, or unsupported().
    const Node* scalar(const ast::Expr* e);
    /// The lowered node for `e`, or null when the lowering has no handler for its form.
    const Node* scalarOrNull(const ast::Expr* e);
    /// A node reporting that the form of `e` is not supported (Handlers::unsupported; a
    /// vector node for a vector type), counted in LoweredProgram::Stats::unsupported.
    const Node* unsupported(const ast::Expr* e);
    /// A node computing the address of lvalue `e` (a value without storage of its own is
    /// materialized in a temporary, Handlers::materialize).
    const Node* address(const ast::Expr* e);
    /// `base` plus the constant `offset` (bytes) as one Handlers::addressSlotOffset node for
    /// `e` when `base` is the address of a function-scope variable or parameter
    /// (addressSlot, or addressSlotOffset) and the sum stays below 2^32 (far inside the
    /// offset bits: the address addressOffset() or addressIndex() computes), else null.
    const Node* slotOffset(const ast::Expr* e, const Node* base, uint64_t offset);
    /// The load of scalar `e` at `address`: Handlers::loadVariable when `address` is an
    /// addressSlotOffset node (a variable's member or element), else Handlers::load.
    Node* load(const ast::Expr* e, const Node* address);
    /// Bytes one element of pointer type `t` steps over (C99 6.5.6; 1 for `void*`).
    static uint64_t elementSize(const Type* t);
    /// Compound literal `c` (C99 6.5.2.5): its temporary's address when `address` (or an
    /// aggregate type), else its value (a scalar or opaque node, a vector node).
    const Node* compoundLiteral(const ast::CompoundLiteralExpr* c, bool address);
    const Node* cast(const ast::Expr* e, const ast::Expr* operand, const Type* to);
    const Node* unary(const ast::UnaryExpr* u);
    const Node* binary(const ast::BinaryExpr* b);
    const Node* assign(const ast::AssignExpr* a);
    const Node* call(const ast::CallExpr* c);
    // vector expressions (LowerVector.cpp)
    /// True if `e` has a vector type (vector() applies).
    static bool isVectorExpr(const ast::Expr* e);
    /// A vector node (Node::vec) for vector expression `e`: lowered, or unsupported().
    const Node* vector(const ast::Expr* e);
    /// The lowered vector node for `e`, or null when its form is not lowered.
    const Node* vectorOrNull(const ast::Expr* e);
    /// scalar() or vector() by the type of `e` (operands of literals and builtins).
    const Node* operand(const ast::Expr* e);
    /// A scalar-shaped node evaluating vector expression `e` for its side effects.
    const Node* discardVector(const ast::Expr* e);
    /// A one-component swizzle read (`v.x`, `v.s3`) as a scalar node.
    const Node* component(const ast::MemberExpr* m);
    const Node* vectorAssign(const ast::AssignExpr* a);
    /// Sets the lvalue fields of vector node `n` (storeTo(): a private slot, a swizzle's base
    /// address, or the address of `lhs`).
    void vectorLValue(Node* n, const ast::Expr* lhs);
    /// `++`/`--` on a vector lvalue.
    const Node* vectorIncDec(const ast::UnaryExpr* u);
    /// Scalar `e` converted to the element type of vector type `vt` and replicated.
    const Node* splatOf(const ast::Expr* e, const Type* vt);
    /// `c ? a : b` with a vector condition (select semantics), `count` components.
    const Node* select(const ast::ConditionalExpr* c, uint32_t count);
    /// A scalar-shaped node evaluating any expression `e` for its side effects only (a
    /// discarded comma operand, an expression statement, `(void)x`, a void `?:`).
    const Node* discard(const ast::Expr* e);
    /// True for an operand of opaque type (sampler, image, event: an 8-byte handle), which
    /// scalar() lowers.
    static bool isOpaqueOperand(const ast::Expr* e);
    /// True when converting an integer of type `from` to integer type `to` (spec 6.2.1)
    /// leaves its component's bits as they are, so no conversion node is needed: components hold
    /// integers sign- or zero-extended to 64 bits (component::normalize), so a conversion to a
    /// type that holds every value of `from`, or to a 64-bit type (modulo 2^64), is the
    /// identity. False for `bool` destinations and non-integers.
    static bool sameIntegerComponent(const Type* from, const Type* to);
    /// Fills in builtin call node `n` (handler already set): its arguments (`a`, `b`, `c`, or
    /// `list` past three) and BuiltinDef; null when an argument cannot be lowered.
    Node* builtinArguments(const ast::CallExpr* c, Node* n);
    const Node* vectorBinary(const ast::BinaryExpr* b);
    const Node* vectorCast(const ast::Expr* e, const ast::Expr* operand);
    const Node* vectorLiteral(const ast::VectorLiteralExpr* v);
    // user-function calls and aggregates (LowerCall.cpp, LowerAggregate.cpp)
    /// True if `e` has a struct, union or array type (aggregate() applies).
    static bool isAggregateExpr(const ast::Expr* e);
    /// A call of a user function: a scalar-shaped node (scalar, pointer, aggregate or void
    /// result) or a vector node; a callee without body reports "undefined-function".
    const Node* userCall(const ast::CallExpr* c);
    /// An aggregate node (AggregateHandlers) for aggregate expression `e`: its address;
    /// lowered, or unsupported().
    const Node* aggregate(const ast::Expr* e);
    const Node* aggregateOrNull(const ast::Expr* e);
    /// Appends to `out` the steps initializing the object of `type` at `offset` bytes with
    /// `init` (`align`: the alignment its stores may assume, 0: the type's); false for a
    /// form Sema rejects (a non-constant array designator).
    bool initPlan(QualType type, const ast::Expr* init, uint64_t offset, uint64_t align,
                  std::vector<InitStep>& out);
    /// The alignment (bytes) an access to lvalue `e` may assume: its type's, lowered for a
    /// member of a packed record (or of a member nested in one) to what the member's offset
    /// guarantees, as a compiler does for `packed` (accessing such members by name is not
    /// a misaligned access; dereferencing a plain pointer to one is).
    static uint64_t accessAlign(const ast::Expr* e);
    /// False when Evaluator::checkStaticArrayIndex can never report subscript `x` with index
    /// node `index` (the base is not a static array inside an object, or the index is a
    /// constant within it), so addressIndex may skip the call.
    static bool staticIndexCheck(const ast::IndexExpr* x, const Node* index, bool addressOnly);
    Node* make(Node::Fn fn, const ast::Expr* e, const Node* a = nullptr, const Node* b = nullptr,
               const Node* c = nullptr);
    /// Slot of a function-scope variable or parameter named by `e` (a NameExpr with a frame
    /// slot), or -1.
    static int32_t privateSlot(const ast::Expr* e);

    struct Breakable {
        bool isSwitch = false;
        std::vector<uint32_t> breaks{};
        std::vector<uint32_t> continues{};
    };

    LoweredProgram& m_program;
    Function* m_f = nullptr;
    std::vector<Breakable> m_breakables;
    std::unordered_map<const ast::Stmt*, uint32_t> m_stepOp; ///< Step op of each statement
    std::vector<std::pair<uint32_t, const ast::GotoStmt*>> m_gotos;
};

} // namespace clstep::exec
