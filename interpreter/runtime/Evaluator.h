#pragma once

#include "core/Address.h"
#include "core/Value.h"
#include "frontend/Ast.h"
#include "runtime/AccessEventLog.h"
#include "runtime/ComponentMemory.h"
#include "runtime/InPlaceBytes.h"
#include "runtime/MemoryPort.h"
#include "runtime/PrivateWrites.h"
#include "runtime/WorkItem.h"

#include <cstdint>

namespace clstep {

class KernelRun;
namespace exec {
struct Call;
struct Function;
struct Op;
struct InitPlan;
struct AggregateHandlers;
struct Handlers;
struct VectorHandlers;
class Lowerer;
} // namespace exec

/// The evaluator of one work-item (spec 6: OpenCL C semantics): runs the lowered code of the
/// kernel and of the functions it calls (exec::Function, runtime/exec/Run.cpp: every
/// function, statement and expression is lowered once per program by exec::Lowerer; there
/// is no tree walk). It holds the WorkItem whose frames, `__private` memory and memory port
/// the lowered handlers use, and the last return value.
///
/// Runtime errors are reported through the work-item's memory port (MemoryPort::
/// reportError) and execution goes on with a zero value; the step limit and an exhausted
/// stack throw WorkItemAbort.
class Evaluator {
public:
    explicit Evaluator(WorkItem& wi);
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;

    /// Forgets the state of a previous work-item (WorkItem::rebind).
    void reset();

private:
    friend class WorkItem;
    friend class Inspector;
    friend struct exec::Handlers;
    friend struct exec::AggregateHandlers;
    friend struct exec::VectorHandlers;
    friend class exec::Lowerer;
    using Frame = CallStack::Frame;
    using Abort = WorkItemAbort;

    /// Runs the body of function `f` (a definition) in the current frame: its lowered code
    /// (exec::Function, runtime/exec/Run.cpp; every function is lowered).
    void runBody(const ast::FunctionDecl* f);
    /// Executes lowered function body `f` until it returns (the return value, if any, is
    /// left in m_returnValue) or falls off its end.
    void runLowered(const exec::Function& f);
    /// The statement boundary of `s` (counted, step limit, observers, debugger pause): the
    /// common case inline, the rest in stepAtRare().
    void stepAt(const ast::Stmt* s, uint32_t site) {
        WorkItem& wi = m_wi;
        wi.m_hooks.statement = s;
        ++wi.m_hooks.steps;
        if (!wi.m_calls.frames.back().exprTemps.empty() || wi.m_hooks.steps > m_maxSteps ||
            wi.m_hooks.any) [[unlikely]] {
            stepAtRare(s, site);
            return;
        }
        if (AccessEventLog* log = wi.m_hooks.statementLog) [[unlikely]]
            countStatement(*log, *s, site);
    }
    /// Counts statement `s` (program site number `site`) in `log` as the lone flow
    /// observer's onStatement() would (AccessStats: compound statements are not counted).
    void countStatement(AccessEventLog& log, const ast::Stmt& s, uint32_t site) {
        if (s.kind != ast::StmtKind::Compound)
            log.countStatementAt(m_wi.localLinearId(), site, &s, s.range);
    }
    /// stepAt() when the statement has something more to do: temporaries to release, the
    /// step limit, flow observers, a debugger controller.
    [[gnu::noinline]] void stepAtRare(const ast::Stmt* s, uint32_t site);
    /// Tells the run's flow observers (KernelRun::flowObservers(), not empty) that this
    /// work-item's branch at condition `site` went `outcome` way (ExecutionObserver::onBranch).
    /// When the lone flow observer keeps the event log this work-item's memory port appends
    /// to (MemoryPort::eventLog(), the access statistics), the outcome is appended to that
    /// log directly: the event onBranch() would append, without the virtual call.
    /// `number` is the branch's program site number (exec::Op::site).
    void branchTaken(const SourceRange& site, int64_t outcome, uint32_t number);
    // what lowered statements call (EvaluatorStmt.cpp)
    /// Reports "step-limit" at `s` and stops the work-item (kept out of stepAt()'s frame).
    [[noreturn, gnu::cold, gnu::noinline]] void stepLimitReached(const ast::Stmt* s);
    /// Allocates `v`'s storage in the current frame if it has none yet (no initializer);
    /// returns its private address, or 0 for `__local` and program-scope variables.
    /// Throws Abort past RunOptions::maxPrivateBytes for the variable, or past
    /// RunOptions::maxWorkItemPrivateBytes for the work-item ("allocation-too-large").
    [[gnu::noinline]] uint64_t declareStorage(const ast::VarDecl* v);
    /// The storage of a declaration with a scalar or vector initializer, when the port keeps
    /// the `__private` shadow of written bytes (MemoryPort::privateShadow()) and does not let
    /// a declared variable be written in place before its initializer
    /// (MemoryPort::directSlot(false) false): `v`'s storage allocated in the current frame as
    /// declareStorage() allocates it when `v` has none yet (a `__private` variable, not
    /// program-scope; the same limits, reports and Abort), and its buffer index returned.
    /// 0, having done nothing, in every other case (the caller takes declareStorage()'s path).
    [[gnu::noinline]] uint32_t declareFresh(const ast::VarDecl* v);
    /// initializeShadowed() of variable `v` (canonical type `t`) whose storage declareFresh()
    /// allocated in buffer `index` (offset 0, so in bounds and aligned; writable): its first
    /// `size` bytes (a vector's components) marked written in the shadow, and the slot read
    /// and written in place from now on; returns its bytes. Null when there is no shadow
    /// any more or the buffer is not live (the caller stores through the port then).
    uint8_t* initializeFresh(const ast::VarDecl* v, const Type* t, uint32_t index, uint64_t size);
    /// The initializer of private variable `v` (canonical type `t`) at `slot` in `frame`
    /// (`size` bytes stored: a vector's components), when the port keeps the `__private`
    /// shadow of written bytes (MemoryPort::privateShadow(), a DirectPort): the bytes that
    /// port would store into in place, marked written in the shadow as its store marks
    /// them, and the slot then read and written in place (what WorkItem::enableDirect()
    /// finds). Null when there is no such shadow or the port would not store in place
    /// (the caller stores through the port then). Saves, per declaration reached, the
    /// virtual store, the port's lookup and checks again and enableDirect()'s lookup.
    [[gnu::noinline]] uint8_t* initializeShadowed(Frame& frame, const ast::VarDecl* v,
                                                  const Type* t, uint64_t slot, uint64_t size);
    /// Barrier op `op` (spec 6.12.8): its flags (and other arguments), then the work-group
    /// barrier. Kept out of runLowered()'s loop.
    [[gnu::noinline]] void runBarrier(const exec::Op& op);
    /// CountedLoop op `op`, reached at the end of the loop's empty body (the condition held):
    /// when nothing watches the statements (no debugger controller, flow observer or
    /// statement counts) and the remaining iterations fit in the step limit, sets the loop
    /// variable to its value in the last iteration and counts the skipped iterations' steps,
    /// as running them would; else does nothing (the loop runs, and stops at the limit).
    [[gnu::noinline]] void runCountedLoop(const exec::Op& op);
    // what lowered expressions call (EvaluatorCall.cpp, exec/RunAggregate.cpp)
    /// Reports an `array-index` error when `i` lies outside the static array that `x`
    /// subscripts, for arrays that are not a whole variable (a record member, an inner
    /// dimension, an array reached through a pointer), whose overruns stay inside their
    /// buffer and are not caught by the buffer bounds (Oclgrind's "exceeds static array size").
    /// `addressOnly`: the subscript is the operand of `&`, so i may equal the length.
    void checkStaticArrayIndex(const ast::IndexExpr* x, int64_t i, bool addressOnly);
    /// Reports "call-depth" at call `c` and stops the work-item (WorkItemAbort) when calling
    /// `f` would exceed RunOptions::maxCallDepth frames.
    void checkCallDepth(const ast::FunctionDecl* f, const ast::CallExpr* c);
    /// Allocates parameter `p`'s storage in callee frame `frame` and stores the argument
    /// `v` (component 0 of a scalar, pointer or opaque handle, the N components of a vector, or
    /// component 0 holding the address of an aggregate, whose bytes are copied) as the port does;
    /// `site` is the argument's range.
    void bindParameter(Frame& frame, const ast::ParamDecl& p, const Component* v,
                       const SourceRange& site);
    /// Runs `f`'s lowered body (`lowered`, or runBody()'s lookup when null: a debugger
    /// expression's call) in the innermost frame (the callee's, pushed with its parameters
    /// bound), pops and releases that frame, and writes the first `components` components of
    /// the return value to `out` (zero when the body falls off its end); an aggregate is
    /// first copied to a temporary of the caller's frame (its address in component 0), at
    /// call `c`'s range.
    void runCallee(const ast::FunctionDecl* f, const exec::Function* lowered,
                   const ast::CallExpr* c, Component* out, uint32_t components);
    /// Call `c` of a user function (C99 6.5.2.2): depth check, arguments by their lowered
    /// nodes in order, binding, the callee; writes call.resultComponents components of the result
    /// to `out`.
    void callLowered(const exec::Call& call, const ast::CallExpr* c, Component* out);
    /// Runs initializer plan `plan` for the object at `addr` (its steps in order).
    void initLowered(const exec::InitPlan& plan, uint64_t addr);
    /// A temporary of `size` bytes (at least 1) in the current frame's private memory,
    /// released with the frame; `what` names it for the memory views.
    uint64_t allocTemp(uint64_t size, const char* what);
    /// The object of compound literal `c` in the current frame (C11 6.5.2.5p5: one object per
    /// literal and block entry, reused each time the literal is evaluated again): its frame
    /// slot's private buffer, allocated at the first evaluation and kept with the frame. A
    /// literal without a slot (a debugger expression) gets a temporary (allocTemp()).
    uint64_t compoundLiteralObject(const ast::CompoundLiteralExpr* c);
    /// Reports integer division by zero at `r` ("division-by-zero").
    [[gnu::cold, gnu::noinline]] void reportDivisionByZero(const SourceRange& r);
    /// Loads the scalar of type `type` at `address` through the port. `align` is the
    /// alignment the access may assume (bytes; 0: the type's, see Lowerer::accessAlign()).
    /// A `__private` load that the port would do in place with its shadow of written bytes
    /// is done here (loadedShadowed()).
    Component loadScalar(uint64_t address, const QualType& type, const SourceRange& site,
                         uint64_t align = 0) {
        if (address::space(address) == AddressSpace::Private)
            if (PrivateWrites* shadow = m_wi.m_route.port->privateShadow()) {
                Component l;
                if (loadedShadowed(*shadow, address, type, align, l)) return l;
            }
        return m_wi.m_route.port->loadScalar(m_wi, address, type, site, align);
    }
    /// loadScalar() without the in-place `__private` path: straight to the port.
    Component loadThroughPort(uint64_t address, const QualType& type, const SourceRange& site,
                              uint64_t align) {
        return m_wi.m_route.port->loadScalar(m_wi, address, type, site, align);
    }
    /// Stores scalar component `v` of type `type` at `address` through the port (a
    /// `__private` store done in place with the port's shadow here: storedShadowed()).
    void storeScalar(uint64_t address, const QualType& type, Component v, const SourceRange& site,
                     uint64_t align = 0) {
        if (address::space(address) == AddressSpace::Private)
            if (PrivateWrites* shadow = m_wi.m_route.port->privateShadow())
                if (storedShadowed(*shadow, address, type, align, v)) return;
        m_wi.m_route.port->storeScalar(m_wi, address, type, v, site, align);
    }
    /// With `shadow`, the uninitialized check's `__private` shadow that the port keeps
    /// (MemoryPort::privateShadow(), a DirectPort): the bytes of a store of `size` bytes at
    /// `__private` `address` when that port would store them in place (a live, writable
    /// buffer, in bounds, aligned to `align` bytes), marked written in `shadow` as its store
    /// marks them; null, marking nothing, for anything else (the port stores or reports).
    [[gnu::always_inline]] uint8_t* shadowedStore(PrivateWrites& shadow, uint64_t address,
                                                  uint64_t size, uint64_t align) {
        Buffer* b = m_wi.m_calls.memory.buffer(address);
        uint8_t* p;
        if (!inPlaceBytes(b, address, size, true, align, p)) [[unlikely]]
            return nullptr;
        shadow.written(m_wi.localLinearId(), address, size, *b);
        return p;
    }
    /// loadScalar() of `__private` `address` as the port keeping `shadow` does it in place
    /// (DirectPort::loadScalar: a live, readable buffer, in bounds, aligned, every byte
    /// written): the value in `out`, true. False, doing nothing, for anything else (the port
    /// loads it or reports).
    [[gnu::noinline]] bool loadedShadowed(PrivateWrites& shadow, uint64_t address,
                                          const QualType& type, uint64_t align, Component& out);
    /// loadedShadowed() of canonical type `t`, inline (Handlers::loadVariable, a variable's
    /// member or element).
    [[gnu::always_inline]] bool loadInPlace(PrivateWrites& shadow, uint64_t address, const Type* t,
                                            uint64_t align, Component& out) {
        if (!align) align = t->align;
        Buffer* b = m_wi.m_calls.memory.buffer(address);
        uint8_t* p;
        if (!inPlaceBytes(b, address, t->size, false, align, p) ||
            !shadow.allWritten(m_wi.localLinearId(), address, t->size, *b))
            return false;
        componentmem::readComponent(p, t->kind, false, out);
        return true;
    }
    /// storeScalar() of `v` at `__private` `address` as the port keeping `shadow` does it in
    /// place (shadowedStore()); false, storing nothing, when the port must (a report).
    [[gnu::noinline]] bool storedShadowed(PrivateWrites& shadow, uint64_t address,
                                          const QualType& type, uint64_t align, Component v);
    /// load()/store() for an access that may assume `align` bytes of alignment (0: the
    /// type's); "misaligned-access" is reported below that.
    Value loadAt(uint64_t address, const QualType& type, const SourceRange& site, uint64_t align) {
        return m_wi.m_route.port->load(m_wi, address, type, site, align);
    }
    void storeAt(uint64_t address, const QualType& type, const Value& v, const SourceRange& site,
                 uint64_t align) {
        m_wi.m_route.port->store(m_wi, address, type, v, site, align);
    }
    // memory: through the work-item's port
    Value load(uint64_t address, const QualType& type, const SourceRange& site) {
        return m_wi.m_route.port->load(m_wi, address, type, site, 0);
    }
    void store(uint64_t address, const QualType& type, const Value& v, const SourceRange& site) {
        m_wi.m_route.port->store(m_wi, address, type, v, site, 0);
    }
    void copyBytes(uint64_t dst, uint64_t src, uint64_t bytes, const SourceRange& site) {
        if (m_wi.m_route.port->privateShadow() && copiedInPlace(dst, src, bytes)) return;
        m_wi.m_route.port->copy(m_wi, dst, src, bytes, site);
    }
    /// With a port keeping the uninitialized check's `__private` shadow (MemoryPort::
    /// privateShadow()): a copy of `bytes` bytes from `src` to `dst`, both in live `__private`
    /// buffers and in bounds, done as that port does it (the shadow's flags copied, then the
    /// bytes), without the virtual call; true then. False, doing nothing, for anything else.
    [[gnu::noinline]] bool copiedInPlace(uint64_t dst, uint64_t src, uint64_t bytes);
    uint8_t* access(uint64_t address, uint64_t size, bool write, const SourceRange& site) {
        return m_wi.m_route.port->access(m_wi, address, size, write, site);
    }
    void notifyAccess(uint64_t address, uint64_t size, bool write, const uint8_t* p,
                      const SourceRange& site, bool copy = false) {
        m_wi.m_route.port->notifyAccess(m_wi, address, size, write, p, site, copy);
    }
    void reportError(DiagnosticKind kind, const std::string& message, const SourceRange& site) {
        m_wi.m_route.port->reportError(m_wi, kind, message, site);
    }

    /// Address of slot `slot` in the current frame (the lowered name nodes).
    uint64_t frameSlot(uint32_t slot) const { return m_wi.m_calls.frames.back().addresses[slot]; }

    WorkItem& m_wi;
    KernelRun& m_run;
    /// RunOptions::maxStepsPerWorkItem of the run (statements).
    uint64_t m_maxSteps;
    Value m_returnValue;
    /// While lowered code runs: the direct byte pointers of the current frame's slots
    /// (Frame::direct's storage, which stays put while the frame lives; set and restored by
    /// runLowered around each lowered body).
    uint8_t* const* m_directSlots = nullptr;
    /// runBody()'s last function and its lowered body.
    const ast::FunctionDecl* m_lastBody = nullptr;
    const exec::Function* m_lastLowered = nullptr;
};

} // namespace clstep
