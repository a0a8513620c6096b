#pragma once

#include "common/Diagnostic.h"
#include "common/SourceRange.h"
#include "core/AddressSpace.h"
#include "core/MemorySemantics.h"

#include <cstdint>
#include <memory>

namespace clstep {

class AccessEventLog;
class PrivateWrites;
class KernelRun;
class WorkGroup;
class WorkItem;
struct Buffer;
namespace ast {
struct Stmt;
}

/// One memory access as the interpreter performs it. `address` is an encoded device
/// address (core/Address.h); `size` in bytes; `data` points at the bytes read, or at the
/// bytes being stored (already in device order) for writes; `buffer` is the accessed buffer.
struct MemoryAccess {
    uint64_t address = 0;
    uint64_t size = 0;
    bool write = false;
    bool atomic = false; ///< part of an atomic operation (atomics do not race each other)
    /// For atomics: the memory_order and memory_scope of OpenCL C 2.0 6.13.11.4/5
    /// (core/MemorySemantics.h: memory_order::kRelaxed ..., memory_scope::kWorkItem ...,
    /// clang's numbering). The 1.2 atomic_*
    /// functions give none (order kNoOrder); they are relaxed with device scope.
    uint8_t order = kNoOrder;
    uint8_t scope = memory_scope::kDevice;
    static constexpr uint8_t kNoOrder = 0xFF;
    bool asyncCopy = false; ///< performed by async_work_group_copy on behalf of the group
    /// Part of a byte copy (aggregate assignment or initialisation, argument passing,
    /// async copy): the read of the source is immediately followed by the write of the same
    /// number of bytes to the destination; the bytes read are not otherwise used.
    bool copy = false;
    const uint8_t* data = nullptr;
    const Buffer* buffer = nullptr;
    SourceRange site; ///< the expression performing the access
    const WorkItem* workItem = nullptr;
};

/// One call of async_work_group_copy or async_work_group_strided_copy by one work-item
/// (spec 6.12.10: every work-item of the group makes the call, with the same arguments; the
/// copy itself is performed once for the group). Addresses are encoded device addresses,
/// strides are in elements, `event` is the event argument (0 = none) and `result` the event
/// the call returned.
struct AsyncCopyCall {
    uint64_t dst = 0;
    uint64_t src = 0;
    uint64_t elementBytes = 0;
    uint64_t count = 0;
    uint64_t srcStride = 1;
    uint64_t dstStride = 1;
    uint64_t event = 0;
    uint64_t result = 0;
    SourceRange site;
    const WorkItem* workItem = nullptr;
};

/// A passive hook into execution (the ARCHITECTURE's "observers, not flags"): runtime checks
/// (data races, uninitialized reads, endianness events) and the debugger's access trace
/// implement it. Observers are called on the thread running the work-group; a KernelRun
/// with no observers pays nothing but a null check per access.
class ExecutionObserver {
public:
    virtual ~ExecutionObserver() = default;
    /// Before the first work-group starts (memories and arguments are set up).
    virtual void onRunBegin(KernelRun&) {}
    /// After the last work-group finished.
    virtual void onRunEnd(KernelRun&) {}
    virtual void onWorkGroupBegin(WorkGroup&) {}
    virtual void onWorkGroupEnd(WorkGroup&) {}
    /// Every work-item of `group` passed a barrier with fence `flags`
    /// (CLK_LOCAL_MEM_FENCE = 1, CLK_GLOBAL_MEM_FENCE = 2; spec 6.12.8).
    virtual void onBarrier(WorkGroup&, uint32_t /*flags*/) {}
    /// A load or store of `access.size` bytes (after bounds checks passed). Only for
    /// observers whose observesMemoryAccesses() is true.
    virtual void onMemoryAccess(const MemoryAccess&) {}
    /// False if onMemoryAccess() does nothing (the observer only wants other events, e.g.
    /// async copy calls or endian conversions): the memory port, which asks once when the
    /// run chooses it (MemoryPort::choose), then never calls it.
    virtual bool observesMemoryAccesses() const { return true; }
    /// False if the observer does not need the accesses a work-item makes by name to its
    /// own `__private` scalar and vector variables after they were initialized (parameters
    /// and variables declared with an initializer; their initialization is still reported).
    /// When every observer says false, those accesses skip the checked path. Observers that
    /// show or trace memory (the debugger) keep the default.
    virtual bool observesInitializedPrivateVariables() const { return true; }
    /// False if the observer needs no `__private` access at all. When every observer says
    /// false (and the device is little-endian), `__private` memory is accessed in place
    /// without notifying observers.
    virtual bool observesPrivateMemory() const { return true; }
    /// The observer's per-work-item event logs, or null. An observer that returns a log
    /// declares that onMemoryAccess() of an access that passes every check, made in place by
    /// a load or store outside atomics and async copies, appends exactly
    /// AccessEventLog::appendAccess(local linear id, address, size, site) for `__global`,
    /// `__local` and `__constant` addresses and does nothing else. When it is the run's only
    /// observer of memory accesses (observesMemoryAccesses()) and wants no `__private` access, the
    /// memory port appends those accesses itself without building a MemoryAccess
    /// (runtime/DirectPort.h); every other access (byte copies, atomics, builtins' accesses,
    /// errors) still reaches onMemoryAccess(), but for `__private` accesses, which such an observer
    /// ignores (the port does not notify it of them).
    virtual AccessEventLog* accessEventLog() { return nullptr; }
    /// The observer's `__private` shadow memory of written bytes, or null. An observer that
    /// returns it declares that, for an access to `__private` memory that passes every check
    /// and is not a byte copy or an atomic, its onMemoryAccess() does exactly this: a write
    /// marks the bytes written in it (PrivateWrites::written()); a read whose bytes were all
    /// written (PrivateWrites::allWritten()) does nothing. When every other observer needs no
    /// `__private` access (observesPrivateMemory() false) and this one needs no access to
    /// initialized private variables (observesInitializedPrivateVariables() false), the
    /// memory port performs such accesses in place and keeps the shadow itself
    /// (runtime/DirectPort.h): the observer only sees the reads of never-written bytes, byte
    /// copies with an end outside `__private` memory, and the other accesses.
    virtual PrivateWrites* privateWrites() { return nullptr; }
    /// A load or store through an `endian(host)` pointer on a device whose byte order
    /// differs from the host's: `before` are the bytes in memory, `after` the converted
    /// bytes (both `size` bytes).
    virtual void onEndianConversion(const MemoryAccess&, const uint8_t* /*before*/,
                                    const uint8_t* /*after*/) {}
    /// A work-item called an async copy (before the group's copy is performed, if it is).
    virtual void onAsyncCopy(const AsyncCopyCall&) {}
    /// A work-item called wait_group_events(`count`, list) at `site`; `events` holds the
    /// event values read from the list, or is null when the list is not readable memory.
    virtual void onWaitEvents(const WorkItem&, uint64_t /*count*/, const uint64_t* /*events*/,
                              const SourceRange& /*site*/) {}

    // ---- parallel runs with observers (KernelRun::runAll) ----
    /// A new observer of the same kind for the work-groups one thread runs, or null when
    /// this observer must see every work-group in one order (the run is then sequential).
    /// Called after onRunBegin(); the copy gets onRunBegin(), the events of its thread's
    /// groups (in increasing group order) and onRunEnd(). It must make its effects on
    /// anything shared (the run's diagnostics, CheckDetails, run-wide state) through
    /// KernelRun::inGroupOrder(), so they happen exactly as in a sequential run.
    virtual std::unique_ptr<ExecutionObserver> forThread() { return nullptr; }
    /// True when this observer can tell, after a parallel run, whether the work-groups were
    /// independent (groupsIndependent()). A run only goes parallel with observers when one of
    /// them can: work-groups that share `__global` bytes see each other's writes in timing
    /// order, so their results may differ from the sequential run's.
    virtual bool provesGroupIndependence() const { return false; }
    /// After (or during) a parallel run: false when two work-groups accessed the same
    /// `__global` byte and one of them wrote it, other than through order-free atomics
    /// (commuting read-modify-writes whose value is discarded, checks/OrderFreeAtomics.h). The
    /// run then discards its results and runs again sequentially.
    virtual bool groupsIndependent() const { return true; }
    /// True when the observer only gathers figures that its forThread() copies add up when
    /// they end (the result does not depend on which thread ran which work-group), and it
    /// needs no proof that the work-groups are independent. A run whose observers all say
    /// true runs its work-groups in parallel as a run without observers does: each thread's
    /// port records its group's `__global` footprint (GroupFootprint), and a run whose groups
    /// share a written byte is repeated in work-group order, so the results are the
    /// sequential run's.
    virtual bool parallelWithoutProof() const { return false; }
    /// The run's results so far are discarded (memory restored, diagnostics dropped); it
    /// starts again with onRunBegin(). Forget what was recorded for it.
    virtual void onRunDiscarded(KernelRun&) {}
    /// True if the observer wants onStatement() and onBranch() (control flow per work-item,
    /// e.g. divergence statistics). Runs without such observers pay one empty-vector check
    /// per statement.
    virtual bool observesControlFlow() const { return false; }
    /// `wi` is about to execute `stmt` (not called for statements skipped by a goto/switch
    /// seek). Only for observers whose observesControlFlow() is true.
    virtual void onStatement(const WorkItem& /*wi*/, const ast::Stmt& /*stmt*/) {}
    /// `wi` evaluated the controlling expression at `site` of an if, while, do, for (1 = the
    /// body or then-branch runs, 0 = not) or switch (the index of the chosen case label, or
    /// -1 for none/default). Only for observers whose observesControlFlow() is true.
    virtual void onBranch(const WorkItem& /*wi*/, const SourceRange& /*site*/,
                          int64_t /*outcome*/) {}
};

} // namespace clstep
