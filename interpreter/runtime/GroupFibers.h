#pragma once

#include <boost/context/fiber.hpp>

#include <cstddef>

namespace clstep {

/// The fiber switching state one work-group's work-items share (WorkItem::switchTo()).
///
/// A switch hands the switcher's own continuation to the context it resumes, which stores it
/// where `park` says: the scheduler's continuation (the caller of WorkItem::resume()) goes
/// into `scheduler`, a work-item's into its own fiber slot. With `chain` set, a work-item that
/// reaches a barrier (or finishes) resumes the next runnable work-item of the group directly
/// instead of returning to the scheduler first, so one pass over a group of N work-items
/// costs N + 1 switches instead of 2N; the order in which work-items run is unchanged.
struct GroupFibers {
    /// The continuation of the code that called WorkItem::resume() (valid while a
    /// work-item of the group runs).
    boost::context::fiber scheduler;
    /// Where the context being resumed stores the continuation of the one that switched to
    /// it (set by the switcher just before the switch).
    boost::context::fiber* park = nullptr;
    /// Work-items pass control straight to the next runnable work-item (WorkGroup::run());
    /// off while the debugger drives the group work-item by work-item.
    bool chain = false;
    /// The scheduler's stack as AddressSanitizer reported it when it last switched to one of
    /// the group's fibers (unused in other builds).
    const void* schedulerStackBottom = nullptr;
    size_t schedulerStackSize = 0;
};

} // namespace clstep
