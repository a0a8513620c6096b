#pragma once

#include "common/Diagnostic.h"
#include "frontend/AddressSpace.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clstep::debug {

/// State of one work-item as the debugger shows it.
enum class WorkItemState {
    NotStarted,   ///< has not executed a statement yet
    Ready,        ///< paused at a statement, can run
    AtBarrier,    ///< waiting at a barrier for the rest of its group
    AtBreakpoint, ///< paused at a line breakpoint
    Finished,
    Error,        ///< stopped by a fatal runtime error (step limit, stack)
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
    SourceRange position;             ///< statement it will execute next (or the barrier)
    std::vector<StackFrame> callStack; ///< innermost last
    uint64_t steps = 0;                ///< statements executed
};

/// A variable in scope of the selected work-item, with its value formatted as OpenCL C
/// ("(float4)(1, 2, 3, 4)", "{a = 1, b = 2.5}") and, for aggregates and vectors, children.
struct VariableSnapshot {
    std::string name;
    std::string type;
    AddressSpace space = AddressSpace::Private;
    uint64_t address = 0; ///< encoded device address (runtime/Address.h)
    uint64_t size = 0;    ///< bytes
    std::string value;
    std::vector<VariableSnapshot> children;
};

/// Per-byte flags of a memory region (bit set).
enum ByteFlag : uint8_t {
    ByteWritten = 1,        ///< written since the run started (else uninitialized)
    ByteLastRead = 2,       ///< read by the most recent step
    ByteLastWrite = 4,      ///< written by the most recent step
    ByteRace = 8,           ///< part of a reported data race
    ByteEndian = 16,        ///< touched by an endian(host) conversion
};

/// The contents of one buffer in one address space, copied at snapshot time. Vectors have
/// one entry per byte.
struct MemoryRegion {
    AddressSpace space = AddressSpace::Global;
    std::string name;           ///< argument / variable name
    uint64_t address = 0;       ///< encoded address of byte 0
    std::vector<uint8_t> bytes; ///< device byte order
    std::vector<uint8_t> flags; ///< ByteFlag bits
    std::vector<int64_t> lastAccessor; ///< global linear id of the last accessing work-item, -1 none
    std::vector<uint64_t> lastStep;    ///< session step of the last access
};

/// An immutable picture of the session, cheap to hand to the UI thread.
struct Snapshot {
    uint64_t step = 0;          ///< number of debugger actions since reset
    bool running = false;       ///< a kernel run exists (configured and started)
    bool runFinished = false;   ///< every work-group finished
    std::string stopReason;     ///< why execution last stopped, in words
    std::array<uint64_t, 3> group{};      ///< selected work-group id
    std::array<uint64_t, 3> groupSize{1, 1, 1};
    std::array<uint64_t, 3> numGroups{1, 1, 1};
    uint64_t groupsFinished = 0;
    bool groupFinished = false;
    size_t selected = 0;        ///< index of the selected work-item in `workItems`
    std::vector<WorkItemSnapshot> workItems;
    std::vector<VariableSnapshot> variables; ///< of the selected work-item
    std::vector<MemoryRegion> global, constant, local, privateMemory;
    std::vector<Diagnostic> diagnostics;     ///< build + runtime diagnostics so far
    std::vector<uint64_t> diagnosticCounts;
    std::string output;                      ///< printf output so far
};

} // namespace clstep::debug
