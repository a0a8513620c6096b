#pragma once

#include "runtime/exec/Program.h"

#include <memory>
#include <unordered_map>
#include <vector>

namespace clstep::exec {

/// Lowers a Sema'd function into an exec::Function (done once per run, before work-groups
/// start; see Program). Statements become a flat op list: a Step op at every statement
/// boundary where the tree walk (Evaluator::exec) counted, notified and paused, jumps for
/// if/loops/break/continue, a Switch dispatch whose table lists, per case label, the op to
/// jump to and the variables whose declarations the jump passes over, and the same for
/// goto. Expressions of scalar or pointer type become Node trees (Handlers); others, and
/// scalar forms not lowered yet, are evaluated by the tree walk from their op or node.
///
/// A function with both a goto and a switch statement is not lowered (the tree walk's seek
/// mode gives a goto across a switch body its own meaning); lower() returns null and the
/// function runs on the tree walk.
class Lowerer {
public:
    explicit Lowerer(Program& program) : m_program(program) {}

    /// The lowered body of `f` (a definition with a body), or null (see above).
    std::unique_ptr<Function> lower(const ast::FunctionDecl& f);
    /// Program-scope or static variable `v`'s initializer (it has one) as `plan`
    /// (Evaluator::initialize at the variable's address); false when a form is not lowered.
    bool lowerInitializer(const ast::VarDecl& v, InitPlan& plan) {
        return initPlan(v.type, v.init.get(), 0, 0, plan.steps);
    }

private:
    // statements (Lowerer.cpp)
    void stmt(const ast::Stmt* s);
    void decl(const ast::VarDecl* v);
    uint32_t emit(const Op& op);
    uint32_t here() const { return static_cast<uint32_t>(m_f->ops.size()); }
    /// Op for a condition: BranchFalse with its lowered node when scalar.
    uint32_t branchFalse(const ast::Expr* cond);
    /// The variables declared on the way from `root` down to `target` (seek mode).
    static void collectSkipped(const ast::Stmt* root, const ast::Stmt* target,
                               std::vector<const ast::VarDecl*>& out);
    /// Jump target of label/case statement `s`.
    JumpTarget targetOf(const ast::Stmt* root, const ast::Stmt* s);

    // expressions (LowerExpr.cpp)
    /// A node for scalar expression `e` (Evaluator::isScalarExpr): lowered, or wrapping it.
    const Node* scalar(const ast::Expr* e);
    /// The lowered node for `e`, or null when its form is not lowered.
    const Node* scalarOrNull(const ast::Expr* e);
    /// A node computing the address of lvalue `e` exactly as Evaluator::address.
    const Node* address(const ast::Expr* e);
    const Node* cast(const ast::Expr* e, const ast::Expr* operand, const Type* to);
    const Node* unary(const ast::UnaryExpr* u);
    const Node* binary(const ast::BinaryExpr* b);
    const Node* assign(const ast::AssignExpr* a);
    const Node* call(const ast::CallExpr* c);
    // vector expressions (LowerVector.cpp)
    /// True if `e` has a vector type (vector() applies).
    static bool isVectorExpr(const ast::Expr* e);
    /// A vector node (Node::vec) for vector expression `e`: lowered, or wrapping it.
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
    const Node* vectorBinary(const ast::BinaryExpr* b);
    const Node* vectorCast(const ast::Expr* e, const ast::Expr* operand);
    const Node* vectorLiteral(const ast::VectorLiteralExpr* v);
    // user-function calls and aggregates (LowerCall.cpp, LowerAggregate.cpp)
    /// True if `e` has a struct, union or array type (aggregate() applies).
    static bool isAggregateExpr(const ast::Expr* e);
    /// A call of a user function: a scalar-shaped node (scalar, pointer, aggregate or void
    /// result) or a vector node; null when it is not lowered (the callee has no body, the
    /// arguments need more than Call::kMaxLanes lanes).
    const Node* userCall(const ast::CallExpr* c);
    /// An aggregate node (AggregateHandlers) for aggregate expression `e`: its address as
    /// Evaluator::eval gives it; lowered, or wrapping the tree walk.
    const Node* aggregate(const ast::Expr* e);
    const Node* aggregateOrNull(const ast::Expr* e);
    /// Appends to `out` the steps of Evaluator::initialize(addr + offset, type, init, align);
    /// false when a form is not lowered (the declaration then runs on execDecl).
    bool initPlan(QualType type, const ast::Expr* init, uint64_t offset, uint64_t align,
                  std::vector<InitStep>& out);
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

    Program& m_program;
    Function* m_f = nullptr;
    std::vector<Breakable> m_breakables;
    std::unordered_map<const ast::Stmt*, uint32_t> m_stepOp; ///< Step op of each statement
    std::vector<std::pair<uint32_t, const ast::GotoStmt*>> m_gotos;
    bool m_hasSwitch = false;
};

} // namespace clstep::exec
