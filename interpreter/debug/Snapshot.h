#pragma once

#include "builtins/ImageObject.h"
#include "checks/AccessStats.h"
#include "common/Diagnostic.h"
#include "core/AddressSpace.h"
#include "debug/ElementLayout.h"
#include "debug/PagedArray.h"
#include "debug/Scheduler.h"

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clstep::debug {

/// State of one work-item as the debugger shows it.
enum class WorkItemState {
    NotStarted,   ///< has not executed a statement yet
    Ready,        ///< paused at a statement, can run
    AtBarrier,    ///< waiting at a barrier for the rest of its group
    AtBreakpoint, ///< paused at a line breakpoint
    Finished,
    Error, ///< stopped by a fatal runtime error (step limit, stack)
};

/// "not started", "ready", "at barrier", "at breakpoint", "finished", "error".
const char* workItemStateName(WorkItemState s);

/// One call frame of a work-item: function name and the statement it is at.
struct StackFrame {
    std::string function;
    SourceRange position;
};

/// One work-item of the selected work-group.
struct WorkItemSnapshot {
    WorkItemId id;
    uint64_t linearLocalId = 0;
    WorkItemState state = WorkItemState::NotStarted;
    SourceRange position;              ///< statement it will execute next (or the barrier)
    std::vector<StackFrame> callStack; ///< innermost last
    uint64_t steps = 0;                ///< statements executed
    /// It reported a runtime error (out-of-bounds access, ...; data races excluded) and ran
    /// on: the grid shows the error state with `state` in the tooltip.
    bool reportedError = false;
    uint32_t subGroup = 0; ///< sub-group index (linear local id / sub-group size)
    /// SIMT lane state (Scheduler::laneStates): active, masked, at a barrier or finished.
    Scheduler::LaneState lane = Scheduler::LaneState::Active;
};

/// A variable in scope of the selected work-item, with its value formatted as OpenCL C
/// ("(float4)(1, 2, 3, 4)", "{a = 1, b = 2.5}") and, for aggregates and vectors, children.
struct VariableSnapshot {
    std::string name;
    std::string type;
    AddressSpace space = AddressSpace::Private;
    uint64_t address = 0; ///< encoded device address (core/Address.h)
    uint64_t size = 0;    ///< bytes
    std::string value;
    std::vector<VariableSnapshot> children;
};

/// Per-byte flags of a memory region (bit set).
enum ByteFlag : uint8_t {
    ByteWritten = 1,   ///< written since the run started (else uninitialized)
    ByteLastRead = 2,  ///< read by the most recent step
    ByteLastWrite = 4, ///< written by the most recent step
    ByteRace = 8,      ///< raced in some occurrence of a data-race report (runtime checks)
    ByteEndian = 16,   ///< converted by an endian(host) load or store (endian check on)
    /// The latest access of the byte (at MemoryRegion::lastStep) was a write, not a read:
    /// how an older access fades (meaningful only where lastAccessor >= 0).
    ByteLastAccessWrite = 32,
};

/// The contents of one buffer in one address space, copied at snapshot time. The arrays have
/// one entry per byte, except that `lastAccessor` and `lastStep` are empty when no byte of
/// the region was accessed since the run started (read them with a size check). They are
/// PagedArrays: pages a step did not change are shared with the previous snapshot (and with
/// the debugger's shadow memory), so a snapshot of a 64 MiB buffer costs only its changed
/// pages; writing an element (copy-on-write) never changes another snapshot.
struct MemoryRegion {
    AddressSpace space = AddressSpace::Global;
    std::string name;          ///< argument / variable name
    uint64_t address = 0;      ///< encoded address of byte 0
    PagedArray<uint8_t> bytes; ///< device byte order
    PagedArray<uint8_t> flags; ///< ByteFlag bits
    /// Global linear id (64-bit: any NDRange size) of the last work-item that accessed each
    /// byte, -1 for none.
    PagedArray<int64_t> lastAccessor;
    /// Session step of the last access of each byte: the Snapshot::step value right after
    /// the debugger action that made it (so `step - lastStep` is 0 for the latest action).
    PagedArray<uint64_t> lastStep;
    /// Work-item accesses of each byte since the run started (empty when none was accessed,
    /// or without Session::setByteStatistics; `__local`: of the viewed work-group's copy).
    std::vector<uint32_t> accessCount;
    /// Per byte, the worst cost of a sub-group access that touched it (AccessStats with
    /// byte costs): `__local` the bank conflict degree (1 = conflict-free), `__global` and
    /// `__constant` the aligned segments of the access; 0 = not accessed. Empty when none
    /// (or without Session::setByteStatistics).
    std::vector<uint32_t> accessCost;
    /// Type of one element of the region, when known: the .sim element type, or the kernel
    /// parameter's pointee type when the .sim says only bytes (or nothing), or the variable's
    /// (array element) type. Null when unknown (shown as bytes).
    std::shared_ptr<const ElementLayout> element;
    /// For the `__global` buffer of an image argument: the image's type, format and size
    /// (texel (x, y, z) at image->texelOffset(x, y, z)); null for any other region.
    std::shared_ptr<const image::Object> image;
};

/// The memory regions of a snapshot by address space (Snapshot::memory), indexed by
/// AddressSpace: `memory[AddressSpace::Global]` holds the `__global` buffers, `Constant` the
/// `__constant` ones, `Local` the viewed work-group's `__local` memory and `Private` the
/// selected work-item's `__private` memory (each MemoryRegion::space is its index). The
/// spaces without memory of their own (None, Generic) have no regions; any value of an
/// address's space field (address::space()) is a valid index.
class RegionsBySpace {
public:
    /// The four address spaces that hold memory, in the order the views list them.
    static constexpr std::array<AddressSpace, 4> kSpaces{
        AddressSpace::Global, AddressSpace::Constant, AddressSpace::Local, AddressSpace::Private};

    /// The regions of address space `space`.
    std::vector<MemoryRegion>& operator[](AddressSpace space) & {
        return m_regions[static_cast<size_t>(space)];
    }
    const std::vector<MemoryRegion>& operator[](AddressSpace space) const& {
        return m_regions[static_cast<size_t>(space)];
    }
    /// The regions of `space` moved out of an expiring container, so that
    /// `for (const MemoryRegion& r : session.snapshot().memory[space])` iterates a list that
    /// lives as long as the loop (a reference into the temporary snapshot would dangle).
    std::vector<MemoryRegion> operator[](AddressSpace space) && {
        return std::move(m_regions[static_cast<size_t>(space)]);
    }

private:
    /// By AddressSpace value: every value of an address's 3-bit space field
    /// (address::space()), so that any address indexes it (None, Generic and the values no
    /// space uses stay empty).
    std::array<std::vector<MemoryRegion>, 8> m_regions;
};

/// One entry of the session trace (Snapshot::trace): a `__global`, `__constant` or `__local`
/// memory access, or a runtime diagnostic, in the order they happened.
struct TraceEntry {
    enum class Kind : uint8_t { Read, Write, Diagnostic };
    Kind kind = Kind::Read;
    bool atomic = false;   ///< part of an atomic operation
    uint64_t sequence = 0; ///< 0-based number of the entry since the run started
    uint64_t step = 0;     ///< session step (debugger action) it happened in
    int64_t workItem = -1; ///< global linear id of the work-item, -1 for none
    std::array<uint64_t, 3> globalId{};
    uint64_t address = 0;           ///< encoded device address (core/Address.h); 0 for diagnostics
    uint64_t size = 0;              ///< bytes accessed
    std::array<uint8_t, 8> value{}; ///< the first (up to) 8 bytes read or written, device order
    SourceRange site;               ///< expression (access) or diagnostic range
    std::string message;            ///< Diagnostic: "error: message [kind]"
};

/// One page of the trace, newest entries first (Session::tracePage).
struct TracePage {
    uint64_t total = 0;  ///< entries recorded since the run started (older ones are dropped)
    size_t retained = 0; ///< entries still held (at most the trace capacity)
    size_t page = 0;     ///< 0 = newest
    size_t pages = 0;    ///< pages of `pageSize` in the retained entries
    std::vector<TraceEntry> entries;
};

/// SourceLocation::file of a diagnostic about the .sim launch file (Snapshot::launchFile),
/// never a file of the program: its line is a line of the .sim, not of the kernel.
constexpr uint32_t kLaunchFileId = 0xFFFFFFFFu;

/// One element's own pair of a data-race report (CheckDetails::Occurrence): the bytes where
/// the latest occurrence of that report raced, and the facts of that occurrence's two
/// accesses (fields as docs/diagnostics.md: "first", "second", "hazard", ...).
struct RaceOccurrence {
    size_t diagnostic = 0;           ///< index in Snapshot::diagnostics
    uint64_t address = 0;            ///< encoded device address of the first raced byte
    uint64_t size = 0;               ///< raced bytes
    std::array<uint64_t, 3> group{}; ///< work-group of a `__local` range, else {0, 0, 0}
    std::shared_ptr<const nlohmann::json> facts;
};

/// An immutable picture of the session, cheap to hand to the UI thread.
struct Snapshot {
    uint64_t step =
        0; ///< debugger actions since reset that ran work-items (selections do not count)
    bool running = false;            ///< a kernel run exists (configured and started)
    bool runFinished = false;        ///< every work-group finished
    std::string stopReason;          ///< why execution last stopped, in words
    std::array<uint64_t, 3> group{}; ///< selected work-group id
    std::array<uint64_t, 3> groupSize{1, 1, 1};
    std::array<uint64_t, 3> numGroups{1, 1, 1};
    uint64_t groupsFinished = 0;
    bool groupFinished = false;
    size_t selected = 0; ///< index of the selected work-item in `workItems`
    std::vector<WorkItemSnapshot> workItems;
    uint32_t subGroupSize = 32; ///< RunOptions::subGroupSize
    /// Per sub-group of the viewed group: the branch that split its lanes, while some are
    /// masked (invalid range when all ready lanes run together).
    std::vector<SourceRange> subGroupSplits;
    /// Memory efficiency of the run so far (Session::accessStats(): `__local` bank conflicts,
    /// `__global` coalescing per line and buffer); null before a run. Shared and immutable.
    std::shared_ptr<const std::vector<AccessStatsRecord>> accessStats;
    /// Divergence of the run so far per line (branch splits, masked lane-slots); null before
    /// a run.
    std::shared_ptr<const std::vector<DivergenceRecord>> divergence;
    std::vector<VariableSnapshot> variables; ///< of the selected work-item
    RegionsBySpace memory;                   ///< the memory regions of each address space
    std::vector<Diagnostic> diagnostics;     ///< build + runtime diagnostics so far
    std::vector<uint64_t> diagnosticCounts;
    /// Parallel to `diagnostics`: which occurrence (1-based, at most diagnosticCounts) each
    /// diagnostic shows: the one the last action stopped at, else the latest one.
    std::vector<uint64_t> diagnosticShown;
    /// Every raced range of the data-race reports with its own pair of accesses (recorded by
    /// the debugger's runs), sorted by diagnostic, then (group, address).
    std::vector<RaceOccurrence> raceOccurrences;
    /// Parallel to `diagnostics`: the structured facts the runtime checks recorded for each
    /// (Session::checkDetails(); fields in docs/diagnostics.md), null for the others.
    std::vector<std::shared_ptr<const nlohmann::json>> diagnosticDetails;
    std::string output;     ///< printf output so far
    std::string launchFile; ///< path of the .sim loaded last (diagnostics with kLaunchFileId)
    /// The latest memory accesses and runtime diagnostics, oldest first (at most the trace
    /// capacity, 10,000 by default; shared and immutable). Never null after snapshot().
    std::shared_ptr<const std::vector<TraceEntry>> trace;
    uint64_t traceTotal = 0; ///< trace entries recorded since the run started
};

/// Page `page` (0 = newest) of `pageSize` entries of a snapshot's trace, newest first.
TracePage tracePage(const Snapshot& snapshot, size_t page, size_t pageSize);

} // namespace clstep::debug
