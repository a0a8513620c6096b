#pragma once

#include "builtins/BuiltinEnv.h"
#include "common/Diagnostic.h"
#include "core/Value.h"
#include "frontend/Ast.h"
#include "runtime/Memory.h"

#include <boost/context/fiber.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace clstep {

class KernelRun;
class StepController;
class WorkGroup;

/// One work-item (spec 3.2): its ids, its `__private` memory and call stack, and the
/// tree-walking evaluator that runs the kernel body for it. A work-item runs on its own
/// fiber so it can suspend at a barrier (even inside a called function) and resume later;
/// kernels that never reach a barrier run without a fiber.
///
/// Runtime errors (out-of-bounds, null dereference, division by zero, ...) are reported to
/// the KernelRun as diagnostics and execution continues with a zero value, as on a device
/// that does not trap; the step limit and stack exhaustion stop the work-item.
class WorkItem final : public BuiltinEnv {
public:
    /// Ready: runnable (not started, or paused at a statement by the StepController).
    enum class State { Ready, AtBarrier, Finished, Error };

    WorkItem(KernelRun& run, WorkGroup& group);
    ~WorkItem() override;

    /// Makes a finished work-item reusable in `group` of the same run (a fresh work-item
    /// apart from its retained allocations); call setLocalId() next.
    void rebind(WorkGroup& group);
    /// Assigns this work-item's local id inside `group` (also computes its global id).
    void setLocalId(const std::array<uint64_t, 3>& localId);
    /// Runs the kernel to completion directly on the caller's stack (no barriers possible).
    void runDirect();
    /// Starts or resumes the work-item on its fiber until it reaches a barrier or finishes.
    void resume();

    State state() const { return m_state; }
    /// Source range of the barrier call the work-item waits at (valid in State::AtBarrier).
    const SourceRange& barrierRange() const { return m_barrierRange; }
    /// Fence flags of the barrier the work-item waits at.
    uint32_t barrierFlags() const { return m_barrierFlags; }
    /// The builtin the work-item waits in ("barrier", or a collective such as
    /// "work_group_reduce_add"), for divergence messages.
    const char* barrierName() const { return m_barrierName; }
    /// True when the wait is a sub-group collective (released per sub-group).
    bool waitsForSubGroup() const { return m_barrierSubGroup; }
    /// Local linear id (2.0 6.13.1): lz * lsy * lsx + ly * lsx + lx.
    uint64_t localLinearId() const;
    /// Releases the work-item from its barrier (it becomes Ready).
    void releaseBarrier() { m_state = State::Ready; }
    WorkItemId ids() const;
    /// Installs the debugger's pause controller (null: never pause at statements).
    void setController(StepController* c) { m_controller = c; }
    /// The statement the work-item is about to execute (paused) or last executed.
    const ast::Stmt* currentStatement() const { return m_currentStmt; }
    /// Number of active calls (1 inside the kernel body, 0 before start / after the end).
    size_t callDepth() const { return m_frames.size(); }
    /// Statements executed so far.
    uint64_t stepsExecuted() const { return m_steps; }
    /// The function of call frame `i` (0 = kernel) and the statement it is at.
    const ast::FunctionDecl* frameFunction(size_t i) const { return m_frames[i].function; }
    const ast::Stmt* frameStatement(size_t i) const {
        return i + 1 < m_frames.size() ? m_frames[i + 1].callSite : m_currentStmt;
    }
    /// Address of variable/parameter slot `slot` in call frame `i` (0 if not yet declared).
    uint64_t frameSlotAddress(size_t i, uint32_t slot) const {
        return slot < m_frames[i].slots.size() ? m_frames[i].slots[slot] : 0;
    }
    /// The run this work-item belongs to.
    KernelRun& kernelRun() const { return m_run; }
    /// This work-item's `__private` memory.
    const Memory& privateMemory() const { return m_private; }
    /// True while the work-item is paused at a statement by the controller.
    bool pausedAtStatement() const { return m_pausedAtStatement; }
    /// Writes the initial value of program-scope variable `v` at `addr` (run set-up).
    void initializeProgramVariable(const ast::VarDecl& v, uint64_t addr);

    /// The value of a debugger expression (inspect()).
    struct Inspection {
        bool ok = false;
        std::vector<uint8_t> bytes; ///< the value's bytes in device order (size of its type)
        uint64_t address = 0;       ///< encoded address of the object for lvalues, else 0
        std::string error;          ///< the runtime error that stopped the evaluation
        std::string errorKind;      ///< its diagnostic kind ("out-of-bounds", ...)
        SourceRange errorSite;      ///< the sub-expression that caused it
    };
    /// Evaluates `e` (already checked by Sema against the innermost frame's scope; it must not
    /// assign, call user functions or builtins with side effects) for the debugger, while the
    /// work-item is paused: in its innermost frame (an empty frame of the kernel before start
    /// and after the end), without side effects on the run. Observers see none of its loads;
    /// the first runtime error stops it and is returned instead of being reported;
    /// temporaries are released. Never throws.
    Inspection inspect(const ast::Expr* e);

    // ---- BuiltinEnv ----
    uint32_t workDim() const override;
    uint64_t globalSize(uint32_t dim) const override;
    uint64_t globalId(uint32_t dim) const override;
    uint64_t localSize(uint32_t dim) const override;
    uint64_t enqueuedLocalSize(uint32_t dim) const override;
    uint64_t localId(uint32_t dim) const override;
    uint64_t numGroups(uint32_t dim) const override;
    uint64_t groupId(uint32_t dim) const override;
    uint64_t globalOffset(uint32_t dim) const override;
    Value load(uint64_t address, const QualType& type, const SourceRange& site) override;
    void store(uint64_t address, const QualType& type, const Value& v,
               const SourceRange& site) override;
    void copyBytes(uint64_t dst, uint64_t src, uint64_t bytes, const SourceRange& site) override;
    void atomicBegin(uint64_t address, const SourceRange& site) override;
    void atomicEnd() override;
    void atomicSemantics(uint8_t order, uint8_t scope) override;
    void barrier(uint32_t flags, const SourceRange& site) override;
    uint64_t asyncCopy(uint64_t dst, uint64_t src, uint64_t elementBytes, uint64_t count,
                       uint64_t srcStride, uint64_t dstStride, uint64_t event,
                       const SourceRange& site) override;
    void waitEvents(uint64_t count, uint64_t eventList, const SourceRange& site) override;
    std::span<const Value> collective(const Value& mine, bool subGroup, const char* what,
                                      const SourceRange& site) override;
    uint32_t maxSubGroupSize() const override;
    const image::Object* imageAt(uint64_t handle) const override;
    void print(const std::string& text) override;
    void reportError(const std::string& kind, const std::string& message,
                     const SourceRange& site) override;
    bool deviceBigEndian() const override;

private:
    friend class WorkGroup;
    struct Frame {
        const ast::FunctionDecl* function = nullptr;
        std::vector<uint64_t> slots;  ///< address of each variable/parameter
        std::vector<uint8_t*> direct; ///< bytes of private scalar slots (fast path), else null
        std::vector<uint64_t> temps;  ///< temporaries released at return
        const ast::Stmt* callSite = nullptr; ///< caller's statement making this call
    };
    enum class Flow { Normal, Break, Continue, Return, Seek };
    struct Abort {};

    void runKernelBody();
    /// A frame for `fn` with `fn->frameSlots` empty slots, reusing a finished frame's storage.
    Frame newFrame(const ast::FunctionDecl* fn);
    /// Keeps a finished frame's storage for newFrame().
    void recycleFrame(Frame&& f);
    // statements (WorkItemStmt.cpp)
    Flow exec(const ast::Stmt* s);
    Flow execCompound(const ast::CompoundStmt* c);
    /// Reports "step-limit" at `s` and stops the work-item (kept out of exec()'s frame).
    [[noreturn, gnu::cold, gnu::noinline]] void stepLimitReached(const ast::Stmt* s);
    /// Runs `c` if it calls barrier/work_group_barrier (spec 6.12.8) and returns true.
    bool execBarrier(const ast::CallExpr* c);
    void execDecl(const ast::VarDecl* v);
    /// Allocates `v`'s storage in the current frame if it has none yet (no initializer);
    /// returns its private address, or 0 for `__local` and program-scope variables.
    /// Throws Abort past RunOptions::maxPrivateBytes ("allocation-too-large").
    uint64_t declareStorage(const ast::VarDecl* v);
    /// declareStorage() for the variables of `s` if it is a declaration jumped over by a
    /// goto or switch into their scope.
    void declareSkipped(const ast::Stmt* s);
    bool condition(const ast::Expr* e);
    /// condition(), reported to the run's control-flow observers as a branch outcome.
    bool branch(const ast::Expr* e);
    // expressions (WorkItemExpr.cpp, WorkItemOps.cpp)
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
        return slot >= 0 ? m_frames.back().direct[static_cast<uint32_t>(slot)] : nullptr;
    }
    /// Allocates private storage for slot `slot` of frame `f` and records the fast path
    /// (m_directPrivate, or m_directInitialized when the caller initializes it right away).
    uint64_t allocateSlot(Frame& f, uint32_t slot, const QualType& type, const std::string& name,
                          bool initializedNow);
    /// Lets scalar/vector slot `slot` of `f` be read and written in place (directBytes()).
    void enableDirect(Frame& f, uint32_t slot, const QualType& type);
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
    /// One lane of a relational/equality operator on lane type `k` (Pointer: unsigned).
    static bool compareLane(ast::BinaryOp op, TypeKind k, Lane x, Lane y);
    // scalar fast path (WorkItemScalar.cpp): expressions of scalar arithmetic or pointer
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
    /// The bytes of an access of `size` bytes at `address` when it can skip the checked path:
    /// no observers, little-endian device, a live buffer that allows it, in bounds and aligned
    /// to `align` bytes. Null otherwise (the caller then takes the checked path).
    uint8_t* directMemory(uint64_t address, uint64_t size, bool write, uint64_t align);
    /// Loads the scalar of type `type` at `address`; unobserved little-endian accesses to a
    /// live, aligned, readable buffer take a direct path, everything else goes through load().
    /// `align` is the alignment the access may assume (bytes; 0: the type's, see accessAlign()).
    Lane loadScalar(uint64_t address, const QualType& type, const SourceRange& site,
                    uint64_t align = 0);
    /// Stores scalar lane `v` of type `type` at `address` (direct path as loadScalar()).
    void storeScalar(uint64_t address, const QualType& type, Lane v, const SourceRange& site,
                     uint64_t align = 0);
    /// load()/store() for an access that may assume `align` bytes of alignment (0: the
    /// type's); "misaligned-access" is reported below that.
    Value loadAt(uint64_t address, const QualType& type, const SourceRange& site, uint64_t align);
    void storeAt(uint64_t address, const QualType& type, const Value& v, const SourceRange& site,
                 uint64_t align);
    /// The alignment (bytes) an access to lvalue `e` may assume: its type's, lowered for a
    /// member of a packed record (or of a member nested in one) to what the member's offset
    /// guarantees, as a compiler does for `packed` (accessing such members by name is not
    /// a misaligned access; dereferencing a plain pointer to one is).
    static uint64_t accessAlign(const ast::Expr* e);
    /// Stores `v` into scalar lvalue `lhs` (a private scalar variable, an element, a field,
    /// a dereference or a one-component swizzle).
    void storeScalarToLValue(const ast::Expr* lhs, Lane v);
    // memory (WorkItemMemory.cpp)
    Memory* memoryOf(uint64_t address);
    uint8_t* access(uint64_t address, uint64_t size, bool write, const SourceRange& site);
    /// Tells the observers about an access of `size` bytes at `p` (already performed);
    /// `copy` marks the two halves of a byte copy (MemoryAccess::copy).
    void notifyAccess(uint64_t address, uint64_t size, bool write, const uint8_t* p,
                      const SourceRange& site, bool copy = false);
    /// Tells the observers that an endian(host) access converted bytes (spec: endian attribute).
    void notifyEndianConversion(uint64_t address, const Type* t, bool write, const uint8_t* p,
                                const SourceRange& site);

    KernelRun& m_run;
    WorkGroup* m_group; ///< never null
    Memory m_private{AddressSpace::Private};
    std::array<uint64_t, 3> m_localId{};
    std::array<uint64_t, 3> m_globalId{};
    State m_state = State::Ready;
    SourceRange m_barrierRange;
    uint32_t m_barrierFlags = 0;
    const char* m_barrierName = "barrier";
    bool m_barrierSubGroup = false;
    uint64_t m_collectiveCalls = 0; ///< collective calls so far (selects the slot buffer)
    bool m_inAsyncCopy = false;
    uint64_t m_asyncCopies = 0; ///< async copies this work-item made (event ids 1, 2, ...)
    std::vector<Frame> m_frames;
    std::vector<Frame> m_spareFrames; ///< storage of finished frames (see newFrame())
    uint64_t m_steps = 0;
    const ast::Stmt* m_seekTarget = nullptr;
    const ast::Stmt* m_currentStmt = nullptr;
    Value m_returnValue;
    bool m_atomicLocked = false;    ///< inside an atomic function (accesses are atomic)
    bool m_atomicHoldsLock = false; ///< ... and holding KernelRun::atomicMutex (__global)
    uint8_t m_atomicOrder = 0xFF;   ///< memory_order of the atomic operation (none given)
    uint8_t m_atomicScope = 2;      ///< memory_scope of the atomic operation (device)
    StepController* m_controller = nullptr;
    bool m_bigEndian = false; ///< cached RunOptions::deviceBigEndian
    bool m_observed = false;  ///< the run has observers (checks, tracer)
    /// Private scalar variables are read and written in place (no observers, little-endian).
    bool m_directPrivate = false;
    /// Initialized private variables are accessed in place: no observer needs those
    /// accesses (ExecutionObserver::observesInitializedPrivateVariables), little-endian.
    bool m_directInitialized = false;
    /// No observer wants `__private` accesses (ExecutionObserver::observesPrivateMemory),
    /// little-endian: private memory is read and written in place.
    bool m_directPrivateSpace = false;
    bool m_initializingProgram =
        false; ///< writing program-scope initial values (may write __constant)
    bool m_pausedAtStatement = false;
    bool m_quiet = false;       ///< inside inspect(): no observers, errors abort the evaluation
    bool m_addressOnly = false; ///< address() computes `&x[i]`: i may be one past the end
    Inspection* m_inspection = nullptr;
    /// Suspends the fiber and returns to the resume() call that started or resumed it.
    void switchToCaller();
    /// A fiber running runKernelBody() on a FiberStackPool stack (throws std::bad_alloc).
    boost::context::fiber makeFiber();

    boost::context::fiber m_fiber;
    boost::context::fiber m_sink;
    bool m_started = false;
    /// Fiber switch bookkeeping for AddressSanitizer (unused in other builds): the fiber's
    /// stack, the resuming thread's stack and the fake stacks saved across a switch.
    boost::context::stack_context m_fiberStack{};
    const void* m_callerStackBottom = nullptr;
    size_t m_callerStackSize = 0;
    void* m_callerFakeStack = nullptr;
    void* m_fiberFakeStack = nullptr;
};

} // namespace clstep
