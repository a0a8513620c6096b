#pragma once

#include "core/AddressSpace.h"
#include "core/Type.h"

#include <cstdint>
#include <string>

namespace clstep::debug {

/// What a data watchpoint breaks on.
enum class WatchKind {
    Read,   ///< any read of a watched byte
    Write,  ///< any write of a watched byte (even of the same value)
    Change, ///< a write that changes a watched byte
    Access, ///< any read or write
};

/// "read", "write", "change", "access".
const char* watchKindName(WatchKind k);

/// A data watchpoint: `size` bytes at byte `offset` of buffer `buffer` of one address space.
/// `__local` watchpoints apply in every work-group (their buffers have the same index in
/// each), `__private` ones to one work-item.
struct Watchpoint {
    int id = 0; ///< shares its numbering with breakpoints
    AddressSpace space = AddressSpace::Global;
    uint32_t buffer = 0;    ///< buffer index in the address space's Memory
    std::string bufferName; ///< argument or variable name of the buffer
    uint64_t offset = 0;    ///< bytes from the start of the buffer
    uint64_t size = 0;      ///< bytes watched (at least 1)
    WatchKind kind = WatchKind::Write;
    int64_t workItem = -1;  ///< `__private`: global linear id of the work-item watched
    std::string expression; ///< how it was set ("partial[3]"), may be empty
    QualType type;          ///< type of the watched object when known (formats values)
    bool enabled = true;
    uint64_t hits = 0; ///< times it stopped the run since reset
};

} // namespace clstep::debug
