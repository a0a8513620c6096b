#pragma once

#include "common/DiagnosticKind.h"
#include "common/SourceRange.h"
#include "core/Type.h"
#include "core/Value.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clstep {

class AccessEventLog;
class ExecutionObserver;
class PrivateWrites;
class WorkItem;

/// How a work-item reaches memory (spec 3.3): typed loads and stores of scalars and vectors,
/// byte copies and the runtime errors they raise. A run chooses one port when its work-groups
/// are created (one per thread for a parallel run, since observers are per thread) and hands
/// it to every work-item, so what used to be run-wide flags tested on every access (observed?
/// big-endian? private memory in place?) is decided once:
///
/// * CheckedPort: bounds, null/dangling pointers, read-only/write-only buffers, `__constant`
///   writes, alignment, device byte order (endian conversion), and the observers' view of
///   every access;
/// * DirectPort: little-endian accesses that no observer needs are done in place; any access
///   it is unsure of (not live, out of bounds, misaligned, read-only, ...) is forwarded to a
///   CheckedPort, which reports exactly what it always reported;
/// * InspectPort: the debugger's expressions: checked, without observers, and the first
///   runtime error stops the evaluation instead of being reported.
///
/// Addresses are encoded as in runtime/Address.h; sizes and alignments are in bytes (an
/// alignment of 0 means the type's own). Values are in components (host order); the port converts
/// to and from device byte order. Errors are reported through reportError() with the kinds
/// of the checked path ("null-dereference", "dangling-pointer", `out-of-bounds`,
/// "constant-write", "read-only-write", "write-only-read", "misaligned-access"); a failed
/// load returns zero, a failed store does nothing.
class MemoryPort {
public:
    virtual ~MemoryPort();

    /// Chooses the port for work-items observed by `observers` on a device of the given byte
    /// order: DirectPort for all address spaces when nothing observes memory accesses
    /// (observers whose ExecutionObserver::observesMemoryAccesses() is false do not count,
    /// and the port never calls their onMemoryAccess()), DirectPort for `__private` only
    /// when no observer wants private accesses but, at most, one that lets the port keep its
    /// shadow of written bytes (ExecutionObserver::privateWrites()), else a CheckedPort.
    static std::unique_ptr<MemoryPort> choose(const std::vector<ExecutionObserver*>& observers,
                                              bool bigEndian);

    /// Loads the scalar (or pointer) of `type` at `address` into one component.
    virtual Component loadScalar(WorkItem& wi, uint64_t address, const QualType& type,
                                 const SourceRange& site, uint64_t align) = 0;
    /// Stores scalar component `v` of `type` at `address`.
    virtual void storeScalar(WorkItem& wi, uint64_t address, const QualType& type, Component v,
                             const SourceRange& site, uint64_t align) = 0;
    /// Loads the scalar or vector of `type` at `address` (component i of the Value = vector
    /// component i).
    virtual Value load(WorkItem& wi, uint64_t address, const QualType& type,
                       const SourceRange& site, uint64_t align) = 0;
    /// load() of the `count` components of `type` at `address` into `out` (components past `count`
    /// are left alone): the vector loads of lowered code, without a Value in between on a port that
    /// can read in place (DirectPort).
    virtual void loadComponents(WorkItem& wi, uint64_t address, const QualType& type,
                                const SourceRange& site, uint64_t align, Component* out,
                                uint32_t count) {
        const Value v = load(wi, address, type, site, align);
        std::copy_n(v.components, count, out);
    }
    /// Stores the scalar or vector `v` of `type` at `address`.
    virtual void store(WorkItem& wi, uint64_t address, const QualType& type, const Value& v,
                       const SourceRange& site, uint64_t align) = 0;
    /// The `size` bytes at `address` after the checks of the checked path (bounds, liveness,
    /// read-only/write-only, `__constant` writes), or nullptr once the error is reported.
    /// The caller performs the access and tells notifyAccess() about it.
    virtual uint8_t* access(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                            const SourceRange& site) = 0;
    /// Copies `bytes` bytes from `src` to `dst` (aggregate assignment, async copies), seen by
    /// the observers as a read followed by a write (MemoryAccess::copy).
    virtual void copy(WorkItem& wi, uint64_t dst, uint64_t src, uint64_t bytes,
                      const SourceRange& site) = 0;
    /// Tells the observers about an access of `size` bytes at `p` (already performed).
    virtual void notifyAccess(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                              const uint8_t* p, const SourceRange& site, bool copy = false) = 0;
    /// True when a private scalar/vector variable may be read and written in place (without
    /// the port): always on the direct ports; on the checked port only for a variable
    /// `initializedNow` when no observer needs those accesses (little-endian device).
    virtual bool directSlot(bool initializedNow) const = 0;
    /// True when no observer sees any access made through this port (notifyAccess() does
    /// nothing and no access reaches an observer): the direct port of a run without
    /// observers. Its work-items may leave bytes in place that nothing could tell apart from
    /// bytes written again (WorkItem::bindArguments).
    virtual bool unobserved() const { return false; }
    /// True when no observer sees a `__private` access made through this port (unobserved(),
    /// or the lone observer keeps the event log, which takes none): bytes left in place in
    /// `__private` memory are then as good as written again (WorkItem::bindArguments).
    virtual bool privateUnobserved() const { return unobserved(); }
    /// Reports runtime error `kind` at `site` for `wi` (the run's diagnostics; the inspection
    /// port throws instead).
    virtual void reportError(WorkItem& wi, DiagnosticKind kind, const std::string& message,
                             const SourceRange& site) = 0;
    /// The event log of the run's lone observer when this port appends that observer's
    /// in-place accesses to it (DirectPort, ExecutionObserver::accessEventLog()), else null.
    /// The lowered op loop appends branch outcomes to it too, and counts statements in it
    /// (exec/Run.cpp), without virtual onBranch()/onStatement() calls. Not virtual: read once
    /// per branch and statement.
    AccessEventLog* eventLog() const { return m_eventLog; }
    /// The `__private` shadow of written bytes that this port keeps for an observer
    /// (DirectPort, ExecutionObserver::privateWrites()), else null. No other observer sees a
    /// `__private` access then, and that observer sees a plain store there only as this
    /// shadow's marks: a work-item binding its kernel arguments marks their buffers written
    /// in it directly (PrivateWrites::wholeWritten(), WorkItem::bindArguments).
    PrivateWrites* privateShadow() const { return m_privateShadow; }

protected:
    AccessEventLog* m_eventLog = nullptr;     ///< eventLog(); set by the port's constructor
    PrivateWrites* m_privateShadow = nullptr; ///< privateShadow(); set by the constructor
};

} // namespace clstep
