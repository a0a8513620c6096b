#pragma once

#include "common/SourceRange.h"

#include <cstdint>

namespace clstep {

/// The wait a work-item is in (WorkItem::State::AtBarrier): a work-group barrier (spec
/// 6.12.8) or a work-group or sub-group collective (spec 6.13.15), where it was called and
/// with which fence flags. A part of WorkItem; the WorkGroup reads it to release the
/// waiting work-items or to report a divergent barrier.
struct BarrierWait {
    /// Source range of the barrier or collective call.
    SourceRange range;
    /// Fence flags of the barrier (0 for a collective: it only synchronises).
    uint32_t flags = 0;
    /// The builtin waited in ("barrier", or a collective such as "work_group_reduce_add"),
    /// for divergence messages.
    const char* name = "barrier";
    /// The wait is a sub-group collective (released per sub-group).
    bool subGroup = false;
    /// Collective calls made so far (selects WorkGroup::collectiveSlots' buffer).
    uint64_t collectiveCalls = 0;

    /// Records a wait at `site` in builtin `what` with fence `fenceFlags`.
    void enter(const SourceRange& site, uint32_t fenceFlags, const char* what, bool perSubGroup) {
        range = site;
        flags = fenceFlags;
        name = what;
        subGroup = perSubGroup;
    }
    /// Forgets every wait (a fresh work-item).
    void clear() { *this = BarrierWait{}; }
};

} // namespace clstep
