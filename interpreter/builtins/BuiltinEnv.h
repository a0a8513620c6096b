#pragma once

#include "builtins/ImageObject.h"
#include "common/DiagnosticKind.h"
#include "common/SourceRange.h"
#include "core/Type.h"
#include "core/Value.h"

#include <cstdint>
#include <span>
#include <string>

namespace clstep {

/// What a builtin function may ask of the work-item that calls it: its ids (spec 6.12.1),
/// typed memory access through device addresses (see Address.h), synchronisation and output.
/// Implemented by the interpreter's work-item context; builtins never see the interpreter.
///
/// Memory access goes through the same checks as ordinary loads and stores (bounds, races,
/// endianness), attributed to `site` (the builtin call's source range).
class BuiltinEnv {
public:
    virtual ~BuiltinEnv() = default;

    // --- Work-item functions (spec 6.12.1); `dim` >= workDim() gives the spec's defaults. ---
    virtual uint32_t workDim() const = 0;
    virtual uint64_t globalSize(uint32_t dim) const = 0;
    virtual uint64_t globalId(uint32_t dim) const = 0;
    virtual uint64_t localSize(uint32_t dim) const = 0;         ///< actual size of this group
    virtual uint64_t enqueuedLocalSize(uint32_t dim) const = 0; ///< size given at launch
    virtual uint64_t localId(uint32_t dim) const = 0;
    virtual uint64_t numGroups(uint32_t dim) const = 0;
    virtual uint64_t groupId(uint32_t dim) const = 0;
    virtual uint64_t globalOffset(uint32_t dim) const = 0;

    // --- Memory ---
    /// Loads a scalar/vector/pointer of type `type` (lanes per Value.h) from `address`.
    /// Misaligned, out-of-bounds or null accesses are reported as diagnostics; the value
    /// then is 0.
    virtual Value load(uint64_t address, const QualType& type, const SourceRange& site) = 0;
    /// Stores `v` as type `type` at `address` (checked like load).
    virtual void store(uint64_t address, const QualType& type, const Value& v,
                       const SourceRange& site) = 0;
    /// load() of a scalar or pointer `type`, as its one lane: the same checks and the same
    /// access shown to the observers, without a 128-byte Value (the atomic functions,
    /// vloadn/vstoren element by element).
    virtual Lane loadScalar(uint64_t address, const QualType& type, const SourceRange& site) {
        return load(address, type, site).lanes[0];
    }
    /// store() of a scalar or pointer `type` from its one lane `v` (checked like load()).
    virtual void storeScalar(uint64_t address, const QualType& type, Lane v,
                             const SourceRange& site) {
        Value value;
        value.lanes[0] = v;
        store(address, type, value, site);
    }
    /// Copies `bytes` bytes from `src` to `dst` (async copies, struct copies), checked.
    virtual void copyBytes(uint64_t dst, uint64_t src, uint64_t bytes, const SourceRange& site) = 0;
    /// Atomic access bracket: loads and stores between begin and end form one atomic
    /// operation (no data race between atomics; serialised across work-groups running in
    /// parallel).
    virtual void atomicBegin(uint64_t address, const SourceRange& site) = 0;
    /// Memory order and scope (values as in MemoryAccess::order/scope) of the next atomic
    /// operation, set before atomicBegin by the OpenCL C 2.0 atomic functions; atomicEnd
    /// restores "none given" (MemoryAccess::kNoOrder, device scope: the 1.2 atomics).
    virtual void atomicSemantics(uint8_t order, uint8_t scope) = 0;
    virtual void atomicEnd() = 0;

    // --- Synchronisation (spec 6.12.8, 6.12.10) ---
    /// Work-group barrier: suspends the work-item until every work-item of the group arrives.
    /// `flags` is the CLK_LOCAL_MEM_FENCE (1) | CLK_GLOBAL_MEM_FENCE (2) bit set.
    virtual void barrier(uint32_t flags, const SourceRange& site) = 0;
    /// Work-group and sub-group collective functions (OpenCL C 2.0 6.13.15, cl_khr_subgroups
    /// 9.17.3.5): the call is a barrier point for the work-items of the group (`subGroup`
    /// false) or of the caller's sub-group; each passes `mine`. Once all have arrived the
    /// result holds every participant's value, in local linear id order (for a sub-group:
    /// sub-group local id order). Divergence is reported like barrier divergence, naming
    /// `what` (the builtin). Valid until the caller's next collective call.
    virtual std::span<const Value> collective(const Value& mine, bool subGroup, const char* what,
                                              const SourceRange& site) = 0;
    /// The maximum sub-group size of the run (RunOptions::subGroupSize), in work-items.
    virtual uint32_t maxSubGroupSize() const = 0;
    /// Async copy (spec 6.12.10): performed once per work-group; returns an event id.
    virtual uint64_t asyncCopy(uint64_t dst, uint64_t src, uint64_t elementBytes, uint64_t count,
                               uint64_t srcStride, uint64_t dstStride, uint64_t event,
                               const SourceRange& site) = 0;
    /// wait_group_events for `count` events stored at `eventList` (a private address).
    virtual void waitEvents(uint64_t count, uint64_t eventList, const SourceRange& site) = 0;

    // --- Images (OpenCL C 1.2 6.12.14) ---
    /// The image object behind an image value (its `__global` buffer's address, see
    /// builtins/ImageObject.h), or nullptr when the value names no image.
    virtual const image::Object* imageAt(uint64_t handle) const = 0;

    // --- Output and errors ---
    /// Appends text produced by printf to the run's output.
    virtual void print(const std::string& text) = 0;
    /// Reports a runtime problem found inside a builtin (kind as in docs/diagnostics.md).
    virtual void reportError(DiagnosticKind kind, const std::string& message,
                             const SourceRange& site) = 0;
    /// True when the device is big-endian.
    virtual bool deviceBigEndian() const = 0;
};

} // namespace clstep
