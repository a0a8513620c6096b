#pragma once

#include "core/MemorySemantics.h"

#include <cstdint>

namespace clstep {

/// What a work-item is in the middle of when it accesses memory: an atomic function (spec
/// 6.13.11, 6.15.12), an asynchronous copy (spec 6.13.10) or the writing of program-scope
/// initial values. A part of WorkItem: WorkItem::describeAccess() copies it into each
/// MemoryAccess the checks see, and the CheckedPort lets program initialization write
/// `__constant` memory.
struct AccessContext {
    bool atomic = false;                   ///< inside an atomic function (accesses are atomic)
    bool holdsLock = false;                ///< ... and holding KernelRun::atomicMutex (`__global`)
    uint8_t order = memory_order::kNone;   ///< memory_order of the atomic operation
    uint8_t scope = memory_scope::kDevice; ///< memory_scope of the atomic operation
    bool asyncCopy = false; ///< inside an async_work_group_copy made by this work-item
    /// Asynchronous copies this work-item started (the next one's event id is one more).
    uint64_t asyncCopies = 0;
    /// Writing program-scope initial values (`__constant` is writable then).
    bool initializingProgram = false;
};

} // namespace clstep
