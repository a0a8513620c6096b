#pragma once

#include <boost/context/fiber.hpp>

namespace clstep {

/// A work-item's fiber (boost::context): the stack it runs on so that it can suspend at a
/// barrier, a collective or a paused statement, even inside a called function, and resume
/// later. A part of WorkItem, whose switching code (WorkItem::switchTo, switchOut, resume)
/// uses it. One fiber serves every work-item the WorkItem object is rebound to: after each
/// it waits, idle, for the next.
struct WorkItemFiber {
    /// The fiber while it is suspended (at a wait, a paused statement, or idle).
    boost::context::fiber fiber;
    /// The fiber's stack (for AddressSanitizer's switch annotations; unused in other
    /// builds).
    boost::context::stack_context stack{};
    bool running = false; ///< the kernel body is running on the fiber (waits can switch)
    bool idle = false;    ///< the fiber finished a work-item and waits for the next
    bool started = false; ///< this work-item (since WorkItem::rebind()) was switched to
};

} // namespace clstep
