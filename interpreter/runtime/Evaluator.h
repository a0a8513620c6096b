#pragma once

#include "core/Address.h"
#include "core/Value.h"
#include "frontend/Ast.h"
#include "runtime/MemoryPort.h"
#include "runtime/WorkItem.h"

#include <cstdint>

namespace clstep {

class KernelRun;
namespace exec {
struct Call;
struct Function;
struct InitPlan;
struct AggregateHandlers;
struct Handlers;
struct VectorHandlers;
class Lowerer;
} // namespace exec

/// The evaluator of one work-item (spec 6: OpenCL C semantics): runs the lowered code of the
/// kernel and of the functions it calls (exec::Function, runtime/exec/Run.cpp), and keeps the
/// tree walk for what the lowering leaves to it (see docs/architecture.md, "Lowered code"):
/// expressions evaluated to Values (up to 16 lanes) or, on the scalar path, to one Lane. It
/// holds the WorkItem whose frames, `__private` memory and memory port it uses, and the last
/// return value.
///
/// Runtime errors are reported through the work-item's memory port (MemoryPort::
/// reportError) and execution goes on with a zero value; the step limit and an exhausted
/// stack throw WorkItemAbort.
class Evaluator {
public:
    explicit Evaluator(WorkItem& wi);
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;

    /// Forgets the state of a previous walk (WorkItem::rebind).
    void reset();

private:
    friend class WorkItem;
    friend class Inspector;
    friend struct exec::Handlers;
    friend struct exec::AggregateHandlers;
    friend struct exec::VectorHandlers;
    friend class exec::Lowerer;
    using Frame = WorkItem::Frame;
    using Abort = WorkItemAbort;

    /// Runs the body of function `f` (a definition) in the current frame: its lowered code
    /// (exec::Function, runtime/exec/Run.cpp; every function is lowered).
    void runBody(const ast::FunctionDecl* f);
    /// Executes lowered function body `f` until it returns (the return value, if any, is
    /// left in m_returnValue) or falls off its end.
    void runLowered(const exec::Function& f);
    /// The statement boundary of `s` (counted, step limit, observers, debugger pause).
    void stepAt(const ast::Stmt* s);
    /// Tells the run's flow observers (KernelRun::flowObservers(), not empty) that this
    /// work-item's branch at condition `site` went `outcome` way (ExecutionObserver::onBranch).
    /// When the lone flow observer keeps the event log this work-item's memory port appends
    /// to (MemoryPort::eventLog(), the access statistics), the outcome is appended to that
    /// log directly: the event onBranch() would append, without the virtual call.
    void branchTaken(const SourceRange& site, int64_t outcome);
    /// Tells the run's flow observers (not empty) that this work-item is about to execute
    /// `s` (ExecutionObserver::onStatement); with the lone flow observer's event log in the
    /// memory port, as branchTaken(), the statement is counted in that log directly
    /// (AccessEventLog::countStatement, compound statements not counted).
    void statementReached(const ast::Stmt& s);
    // what lowered statements call (EvaluatorStmt.cpp)
    /// Reports "step-limit" at `s` and stops the work-item (kept out of stepAt()'s frame).
    [[noreturn, gnu::cold, gnu::noinline]] void stepLimitReached(const ast::Stmt* s);
    /// Runs `c` if it calls barrier/work_group_barrier (spec 6.12.8) and returns true.
    bool execBarrier(const ast::CallExpr* c);
    void execDecl(const ast::VarDecl* v);
    /// Allocates `v`'s storage in the current frame if it has none yet (no initializer);
    /// returns its private address, or 0 for `__local` and program-scope variables.
    /// Throws Abort past RunOptions::maxPrivateBytes ("allocation-too-large").
    uint64_t declareStorage(const ast::VarDecl* v);
    /// The truth of scalar expression `e` (non-zero; -0.0 and NaN as C compares them).
    bool condition(const ast::Expr* e);
    // expressions (EvaluatorExpr.cpp, EvaluatorOps.cpp)
    Value eval(const ast::Expr* e);
    uint64_t address(const ast::Expr* e);
    /// The address of `&operand`: like address(), but an index one past the end of a static
    /// array (`&s.b[2]` for `char b[2]`) is a valid pointer (C99 6.5.6p8) and not reported.
    uint64_t addressOfOperand(const ast::Expr* operand);
    /// Reports an `array-index` error when `i` lies outside the static array that `x`
    /// subscripts, for arrays that are not a whole variable (a record member, an inner
    /// dimension, an array reached through a pointer), whose overruns stay inside their
    /// buffer and are not caught by the buffer bounds (Oclgrind's "exceeds static array size").
    /// `addressOnly`: the subscript is the operand of `&`, so i may equal the length.
    void checkStaticArrayIndex(const ast::IndexExpr* x, int64_t i, bool addressOnly);
    Value evalUnary(const ast::UnaryExpr* u);
    Value evalBinary(const ast::BinaryExpr* b);
    Value evalAssign(const ast::AssignExpr* a);
    Value evalCall(const ast::CallExpr* c);
    // calls of user functions, shared by the tree walk (evalCall) and lowered code
    // (callLowered, exec/RunAggregate.cpp)
    /// Reports "call-depth" at call `c` and stops the work-item (WorkItemAbort) when calling
    /// `f` would exceed RunOptions::maxCallDepth frames.
    void checkCallDepth(const ast::FunctionDecl* f, const ast::CallExpr* c);
    /// Allocates parameter `p`'s storage in callee frame `frame` and stores the argument
    /// `v` (lane 0 of a scalar or pointer, the N lanes of a vector, or lane 0 holding the
    /// address of an aggregate, whose bytes are copied) as the port does; `site` is the
    /// argument's range.
    void bindParameter(Frame& frame, const ast::ParamDecl& p, const Lane* v,
                       const SourceRange& site);
    /// Pushes `frame` (the callee's, parameters bound), runs `f`'s body (`lowered` when
    /// non-null, else runBody), pops and releases the frame, and writes the first `lanes`
    /// lanes of the return value to `out` (zero when the body falls off its end); an
    /// aggregate is first copied to a temporary of the caller's frame (its address in lane
    /// 0), at call `c`'s range.
    void runCallee(const ast::FunctionDecl* f, const exec::Function* lowered, Frame&& frame,
                   const ast::CallExpr* c, Lane* out, uint32_t lanes);
    /// Lowered call `c` of a user function: depth check, arguments by their lowered nodes,
    /// binding, the callee; writes call.resultLanes lanes of the result to `out` (exactly
    /// evalCall()'s semantics, diagnostics and memory accesses).
    void callLowered(const exec::Call& call, const ast::CallExpr* c, Lane* out);
    /// Runs lowered initializer plan `plan` for the object at `addr` (initialize()'s
    /// accesses in its order).
    void initLowered(const exec::InitPlan& plan, uint64_t addr);
    Value evalMember(const ast::MemberExpr* m);
    Value evalVectorLiteral(const ast::VectorLiteralExpr* v);
    /// Scalar lane `l` of arithmetic type `from` converted to the element type of vector
    /// type `to` and replicated into every component (spec 6.2.6, 6.3).
    static Value splat(Lane l, const Type* from, const Type* to);
    Value arith(ast::BinaryOp op, const Type* t, const Value& a, const Value& b,
                const SourceRange& r);
    Value compare(ast::BinaryOp op, const Type* operandType, const Value& a, const Value& b);
    Value convertValue(const Value& v, const Type* from, const Type* to);
    void storeToLValue(const ast::Expr* lhs, const Value& v);
    /// Bytes of a private scalar or vector variable named by `e` when it may be accessed in
    /// place (see allocateSlot()), else nullptr.
    uint8_t* directBytes(const ast::Expr* e) const {
        if (e->kind != ast::ExprKind::Name) return nullptr;
        const int32_t slot = static_cast<const ast::NameExpr*>(e)->frameSlot;
        return slot >= 0 ? m_wi.m_frames.back().direct[static_cast<uint32_t>(slot)] : nullptr;
    }
    /// Writes initializer `init` for an object of `type` at `addr`, which may assume `align`
    /// bytes of alignment (0: the type's; less for members of packed records).
    void initialize(uint64_t addr, QualType type, const ast::Expr* init, uint64_t align = 0);
    uint64_t allocTemp(uint64_t size, const char* what);
    Value pointerAdd(const Value& p, const Type* ptrType, int64_t n);
    /// `p + n` elements of `ptrType`'s pointee (a null pointer plus 0 stays null).
    static Lane pointerAddLane(Lane p, const Type* ptrType, int64_t n) {
        const Type* pointee = ptrType->canonical()->pointee.type;
        const uint64_t size =
            pointee && pointee->canonical()->size ? pointee->canonical()->size : 1;
        Lane r;
        r.u = p.u == 0 && n == 0
                  ? 0
                  : (p.u & ~address::kOffsetMask) |
                        ((p.u + static_cast<uint64_t>(n) * size) & address::kOffsetMask);
        return r;
    }
    /// One lane of a binary arithmetic/bitwise operator on lane type `k` (C99 6.5.5-6.5.12,
    /// spec 6.3: shifts modulo the bit width); reports integer division by zero at `r`.
    Lane arithLane(ast::BinaryOp op, TypeKind k, Lane x, Lane y, const SourceRange& r);
    /// Reports integer division by zero at `r` ("division-by-zero").
    [[gnu::cold, gnu::noinline]] void reportDivisionByZero(const SourceRange& r);
    /// One lane of a relational/equality operator on lane type `k` (Pointer: unsigned).
    static bool compareLane(ast::BinaryOp op, TypeKind k, Lane x, Lane y);
    // scalar fast path (EvaluatorScalar.cpp): expressions of scalar arithmetic or pointer
    // type evaluated to one lane, without building 16-lane Values
    /// True if `e` has a scalar arithmetic or pointer type (evalScalar() applies).
    static bool isScalarExpr(const ast::Expr* e) {
        if (!e->type.type) return false;
        const TypeKind k = e->type->canonical()->kind;
        return (k >= TypeKind::Bool && k <= TypeKind::Double) || k == TypeKind::Pointer;
    }
    /// The value of scalar expression `e` (isScalarExpr) as one lane; same semantics,
    /// diagnostics and observer notifications as eval().
    Lane evalScalar(const ast::Expr* e);
    Lane evalScalarBinary(const ast::BinaryExpr* b);
    Lane evalScalarUnary(const ast::UnaryExpr* u);
    Lane evalScalarAssign(const ast::AssignExpr* a);
    Lane evalScalarCast(const ast::Expr* operand, const Type* to);
    /// Evaluates `e` for its side effects only (expression statements, for-increments).
    void evalDiscard(const ast::Expr* e);
    /// Loads the scalar of type `type` at `address`; unobserved little-endian accesses to a
    /// live, aligned, readable buffer take a direct path, everything else goes through load().
    /// `align` is the alignment the access may assume (bytes; 0: the type's, see accessAlign()).
    Lane loadScalar(uint64_t address, const QualType& type, const SourceRange& site,
                    uint64_t align = 0) {
        return m_wi.m_port->loadScalar(m_wi, address, type, site, align);
    }
    /// Stores scalar lane `v` of type `type` at `address` (direct path as loadScalar()).
    void storeScalar(uint64_t address, const QualType& type, Lane v, const SourceRange& site,
                     uint64_t align = 0) {
        m_wi.m_port->storeScalar(m_wi, address, type, v, site, align);
    }
    /// load()/store() for an access that may assume `align` bytes of alignment (0: the
    /// type's); "misaligned-access" is reported below that.
    Value loadAt(uint64_t address, const QualType& type, const SourceRange& site, uint64_t align) {
        return m_wi.m_port->load(m_wi, address, type, site, align);
    }
    void storeAt(uint64_t address, const QualType& type, const Value& v, const SourceRange& site,
                 uint64_t align) {
        m_wi.m_port->store(m_wi, address, type, v, site, align);
    }
    /// The alignment (bytes) an access to lvalue `e` may assume: its type's, lowered for a
    /// member of a packed record (or of a member nested in one) to what the member's offset
    /// guarantees, as a compiler does for `packed` (accessing such members by name is not
    /// a misaligned access; dereferencing a plain pointer to one is).
    static uint64_t accessAlign(const ast::Expr* e);
    /// Stores `v` into scalar lvalue `lhs` (a private scalar variable, an element, a field,
    /// a dereference or a one-component swizzle).
    void storeScalarToLValue(const ast::Expr* lhs, Lane v);
    // memory: through the work-item's port
    Value load(uint64_t address, const QualType& type, const SourceRange& site) {
        return m_wi.m_port->load(m_wi, address, type, site, 0);
    }
    void store(uint64_t address, const QualType& type, const Value& v, const SourceRange& site) {
        m_wi.m_port->store(m_wi, address, type, v, site, 0);
    }
    void copyBytes(uint64_t dst, uint64_t src, uint64_t bytes, const SourceRange& site) {
        m_wi.m_port->copy(m_wi, dst, src, bytes, site);
    }
    uint8_t* access(uint64_t address, uint64_t size, bool write, const SourceRange& site) {
        return m_wi.m_port->access(m_wi, address, size, write, site);
    }
    void notifyAccess(uint64_t address, uint64_t size, bool write, const uint8_t* p,
                      const SourceRange& site, bool copy = false) {
        m_wi.m_port->notifyAccess(m_wi, address, size, write, p, site, copy);
    }
    void reportError(const std::string& kind, const std::string& message, const SourceRange& site) {
        m_wi.m_port->reportError(m_wi, kind, message, site);
    }

    WorkItem& m_wi;
    KernelRun& m_run;
    Value m_returnValue;
    bool m_addressOnly = false; ///< address() computes `&x[i]`: i may be one past the end
    /// While lowered code runs: the direct byte pointers of the current frame's slots
    /// (Frame::direct's storage, which stays put while the frame lives; set and restored by
    /// runLowered around each lowered body).
    uint8_t* const* m_directSlots = nullptr;
    /// runBody()'s last function and its lowered body.
    const ast::FunctionDecl* m_lastBody = nullptr;
    const exec::Function* m_lastLowered = nullptr;
};

} // namespace clstep
