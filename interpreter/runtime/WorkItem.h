#pragma once

#include "builtins/BuiltinEnv.h"
#include "common/Diagnostic.h"
#include "core/Value.h"
#include "frontend/Ast.h"
#include "runtime/AccessContext.h"
#include "runtime/ArgumentBindings.h"
#include "runtime/BarrierWait.h"
#include "runtime/CallStack.h"
#include "runtime/Memory.h"
#include "runtime/MemoryPort.h"
#include "runtime/MemoryRoute.h"
#include "runtime/StepHooks.h"
#include "runtime/WorkItemAbort.h"
#include "runtime/WorkItemEnv.h"
#include "runtime/WorkItemFiber.h"
#include "runtime/WorkItemIdentity.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace clstep {

class AccessEventLog;
class Evaluator;
class KernelRun;
struct MemoryAccess;
class WorkItemEnv;
class StepController;
class WorkGroup;
namespace exec {
class LoweredExpr;
} // namespace exec

/// One work-item (spec 3.2): its state (ready, at a barrier, finished) and its parts, each of
/// one concern (docs/architecture.md, "WorkItem's parts"): its ids (WorkItemIdentity), its
/// call frames and `__private` memory (CallStack), its statement boundary (StepHooks), the
/// wait it is in (BarrierWait), what its accesses are part of (AccessContext), the cached
/// binding of the kernel's arguments (ArgumentBindings), where its accesses go (MemoryRoute)
/// and its fiber (WorkItemFiber). The work is done by collaborators: the Evaluator runs the
/// kernel body, WorkItemEnv is the work-item as the builtins see it (BuiltinEnv), the
/// Inspector evaluates debugger expressions, and the MemoryPort chosen by the run performs
/// every memory access. A work-item runs on its own fiber so it can suspend at a barrier
/// (even inside a called function) and resume later; kernels that never reach a barrier run
/// without a fiber.
///
/// Runtime errors (out-of-bounds, null dereference, division by zero, ...) are reported to
/// the KernelRun as diagnostics and execution continues with a zero value, as on a device
/// that does not trap; the step limit and stack exhaustion stop the work-item.
class WorkItem final {
public:
    /// Ready: runnable (not started, or paused at a statement by the StepController).
    enum class State { Ready, AtBarrier, Finished, Error };

    WorkItem(KernelRun& run, WorkGroup& group);
    ~WorkItem();

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
    const SourceRange& barrierRange() const { return m_wait.range; }
    /// Fence flags of the barrier the work-item waits at.
    uint32_t barrierFlags() const { return m_wait.flags; }
    /// The builtin the work-item waits in ("barrier", or a collective such as
    /// "work_group_reduce_add"), for divergence messages.
    const char* barrierName() const { return m_wait.name; }
    /// True when the wait is a sub-group collective (released per sub-group).
    bool waitsForSubGroup() const { return m_wait.subGroup; }
    /// Local linear id (2.0 6.13.1): lz * lsy * lsx + ly * lsx + lx (computed by
    /// setLocalId(), from the work-group's size).
    uint64_t localLinearId() const { return m_ids.localLinearId; }
    /// Releases the work-item from its barrier (it becomes Ready).
    void releaseBarrier() { m_state = State::Ready; }
    WorkItemId ids() const;
    /// Installs the debugger's pause controller (null: never pause at statements).
    void setController(StepController* c) {
        m_hooks.controller = c;
        m_hooks.update();
    }
    /// The statement the work-item is about to execute (paused) or last executed.
    const ast::Stmt* currentStatement() const { return m_hooks.statement; }
    /// Number of active calls (1 inside the kernel body, 0 before start / after the end).
    size_t callDepth() const { return m_calls.frames.size(); }
    /// Statements executed so far.
    uint64_t stepsExecuted() const { return m_hooks.steps; }
    /// The function of call frame `i` (0 = kernel) and the statement it is at.
    const ast::FunctionDecl* frameFunction(size_t i) const { return m_calls.frames[i].function; }
    const ast::Stmt* frameStatement(size_t i) const {
        return i + 1 < m_calls.frames.size() ? m_calls.frames[i + 1].callSite : m_hooks.statement;
    }
    /// Address of variable/parameter slot `slot` in call frame `i` (0 if not yet declared).
    uint64_t frameSlotAddress(size_t i, uint32_t slot) const {
        const std::vector<uint64_t>& addresses = m_calls.frames[i].addresses;
        return slot < addresses.size() ? addresses[slot] : 0;
    }
    /// The run this work-item belongs to.
    KernelRun& kernelRun() const { return m_run; }
    /// The work-group this work-item belongs to (never null).
    WorkGroup& workGroup() const { return *m_group; }
    /// This work-item's `__private` memory.
    const Memory& privateMemory() const { return m_calls.memory; }
    /// Writes the initial value of program-scope variable `v` at `addr` (run set-up).
    void initializeProgramVariable(const ast::VarDecl& v, uint64_t addr);

    /// The value of a debugger expression (inspect()).
    struct Inspection {
        bool ok = false;
        std::vector<uint8_t> bytes; ///< the value's bytes in device order (size of its type)
        uint64_t address = 0;       ///< encoded address of the object for lvalues, else 0
        std::string error;          ///< the runtime error that stopped the evaluation
        std::optional<DiagnosticKind> errorKind; ///< its diagnostic kind (OutOfBounds, ...)
        SourceRange errorSite;                   ///< the sub-expression that caused it
    };
    /// Evaluates `e` (already checked by Sema against the innermost frame's scope; it must not
    /// assign, call user functions or builtins with side effects) for the debugger, while the
    /// work-item is paused: in its innermost frame (an empty frame of the kernel before start
    /// and after the end), without side effects on the run. Observers see none of its loads;
    /// the first runtime error stops it and is returned instead of being reported;
    /// temporaries are released. Never throws.
    /// The expression comes lowered once (exec::LoweredExpr), so that a watch or a breakpoint
    /// condition evaluated on many work-items is lowered only once.
    Inspection inspect(const exec::LoweredExpr& e);

    /// The memory of the address space `address` points into (this work-item's `__private`
    /// memory, its group's `__local` memory, the run's `__global`/`__constant` memory), or
    /// nullptr for an address in no address space.
    Memory* memoryOf(uint64_t address) const { return m_route.memoryOf(address); }
    /// Fills in what `a` says about the work-item making an access: the work-item, and the
    /// atomic function or async copy it is in (MemoryAccess::atomic, order, scope, asyncCopy).
    void describeAccess(MemoryAccess& a) const;
    /// True while program-scope initial values are written (`__constant` is writable then).
    bool initializingProgram() const { return m_access.initializingProgram; }
    /// Reports runtime error `kind` at `site` to the run as this work-item's diagnostic
    /// (MemoryPort::reportError of the run's ports; reportError() goes through the port).
    void reportDiagnostic(DiagnosticKind kind, const std::string& message, const SourceRange& site);
    /// The memory port this work-item uses (chosen by its run, see MemoryPort).
    MemoryPort& memoryPort() const { return *m_route.port; }

    /// This work-item's view of the builtin functions (WorkItemEnv).
    BuiltinEnv& env() const { return *m_env; }
    /// The evaluator that runs this work-item's kernel body.
    Evaluator& evaluator() const { return *m_eval; }
    /// Global id in dimension `dim` (0 past dimension 2; spec 6.12.1 get_global_id).
    uint64_t globalId(uint32_t dim) const { return dim < 3 ? m_ids.globalId[dim] : 0; }
    /// Local id in dimension `dim` (0 past dimension 2).
    uint64_t localId(uint32_t dim) const { return dim < 3 ? m_ids.localId[dim] : 0; }
    /// Size of this work-item's work-group in dimension `dim` (1 past dimension 2).
    uint64_t localSize(uint32_t dim) const;
    /// Id of this work-item's work-group in dimension `dim` (0 past dimension 2).
    uint64_t groupId(uint32_t dim) const;
    /// Reports runtime error `kind` ("division-by-zero", ...) at `site` through the memory
    /// port: a diagnostic of the run, or the end of a debugger inspection (InspectPort).
    void reportError(DiagnosticKind kind, const std::string& message, const SourceRange& site) {
        m_route.port->reportError(*this, kind, message, site);
    }
    /// Waits at a work-group barrier (spec 6.12.8) with fence `flags` (switches to the
    /// group's scheduler; returns at once when the kernel runs without fibers).
    void barrier(uint32_t flags, const SourceRange& site);
    /// A work-group or sub-group collective (spec 6.13.15): publishes `mine`, waits for the
    /// others, and returns every participant's value by local linear id.
    std::span<const Value> collective(const Value& mine, bool subGroup, const char* what,
                                      const SourceRange& site);
    /// Sub-group size (RunOptions::subGroupSize, at least 1).
    uint32_t maxSubGroupSize() const;
    /// Enters an atomic function on `address` (its accesses are atomic; `__global` ones are
    /// serialised by KernelRun::atomicMutex).
    void atomicBegin(uint64_t address);
    /// Leaves the atomic function.
    void atomicEnd();
    /// memory_order and memory_scope of the atomic function being executed.
    void atomicSemantics(uint8_t order, uint8_t scope);
    /// Starts an asynchronous copy (spec 6.13.10): returns its event id (1, 2, ... per
    /// work-item: the k-th copy of every work-item gets the same id).
    uint64_t nextAsyncCopyEvent() { return ++m_access.asyncCopies; }
    /// Marks the accesses made until the matching call with false as an asynchronous copy's
    /// (MemoryAccess::asyncCopy).
    void setInAsyncCopy(bool on) { m_access.asyncCopy = on; }

private:
    friend class Evaluator; // runs the body: frames, statement hooks, port, fiber switch
    using Frame = CallStack::Frame;
    using Abort = WorkItemAbort;

    void runKernelBody();
    /// A C++ exception out of the interpreter stopped this work-item (runKernelBody): it
    /// becomes an error diagnostic at the current statement (the kernel's name before the
    /// first one) — "allocation-too-large" for std::bad_alloc (the host's memory ran out),
    /// "internal" for anything else — and the work-item ends in State::Error.
    void stoppedByException(const std::exception& e) noexcept;
    /// Binds the kernel's arguments into a new kernel frame `f` (runKernelBody()).
    void bindArguments(Frame& f);
    /// The bindings of m_args, built on first use from the kernel's parameters.
    void buildArgumentBindings();
    /// Binds the value of argument `i` (`a`) into its buffer at `addr` (`data`) and tells
    /// the port (bindArguments()).
    void bindArgumentValue(size_t i, const ArgumentBindings::Binding& a, uint64_t addr,
                           uint8_t* data);
    /// Lets scalar/vector slot `slot` of `f` be read and written in place (its bytes go to
    /// Frame::direct, which the lowered private-slot nodes read).
    void enableDirect(Frame& f, uint32_t slot, const QualType& type);
    /// MemoryRoute::directSlot() (inspect() swaps in another port meanwhile).
    bool directSlot(bool initializedNow) { return m_route.directSlot(initializedNow); }
    // memory: through the port (MemoryPort::access, notifyAccess)
    uint8_t* access(uint64_t address, uint64_t size, bool write, const SourceRange& site) {
        return m_route.port->access(*this, address, size, write, site);
    }
    void notifyAccess(uint64_t address, uint64_t size, bool write, const uint8_t* p,
                      const SourceRange& site, bool copy = false) {
        m_route.port->notifyAccess(*this, address, size, write, p, site, copy);
    }
    /// Points the work-item at `group`: its `__local` memory and its memory port.
    void attach(WorkGroup& group);
    /// Suspends the fiber and returns to the resume() call that started or resumed it (the
    /// group's scheduler), as a pause at a statement does.
    void switchToCaller();
    /// Suspends the fiber at a wait (barrier, collective) or at the end of the work-item:
    /// resumes the group's next unfinished work-item directly when the group chains them
    /// (GroupFibers::chain), else returns to the scheduler.
    void switchOut();
    /// Switches from the running context to `next`'s fiber (the group's scheduler when
    /// null); the continuation of the running context is stored in
    /// `park` by the context that resumes it. Announces the switch to AddressSanitizer.
    void switchTo(WorkItem* next, boost::context::fiber* park);
    /// The end of a switch, in the context switched to: finishes the AddressSanitizer
    /// annotation (`fake`: the fake stack saved by this context when it left, null on a
    /// fiber's first entry) and stores `from`, the switcher's continuation, where it asked.
    void arrived(boost::context::fiber&& from, void* fake);
    /// Makes the work-item ready to be switched to: creates its fiber if it has none (false,
    /// with the work-item in State::Error and an "allocation-too-large" report, when no stack
    /// is left) and marks it Ready.
    bool prepareToRun();
    /// Destroys the fiber, unwinding its stack if it is suspended, with the stack switch
    /// announced to AddressSanitizer (no-op in other builds).
    void dropFiber();
    /// A fiber on a FiberStackPool stack running runKernelBody() once per work-item it is
    /// rebound to: after each run it waits, idle, for the next (throws std::bad_alloc).
    boost::context::fiber makeFiber();

    // The hot parts first (the statement boundary and the frames), then the rest.
    StepHooks m_hooks;
    CallStack m_calls;
    MemoryRoute m_route;
    KernelRun& m_run;
    WorkGroup* m_group; ///< never null
    State m_state = State::Ready;
    WorkItemIdentity m_ids;
    AccessContext m_access;
    BarrierWait m_wait;
    ArgumentBindings m_args;
    std::unique_ptr<Evaluator> m_eval;
    std::unique_ptr<WorkItemEnv> m_env;
    WorkItemFiber m_fiber;
};

} // namespace clstep
