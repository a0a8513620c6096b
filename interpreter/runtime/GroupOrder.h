#pragma once

#include <cstdint>

namespace clstep {

/// True when the calling thread runs a work-group of a parallel run (GroupSequencer::begin)
/// and that group is the head: an action it posts in work-group order
/// (KernelRun::inGroupOrder) runs at once, so a check may do the work directly instead of
/// wrapping it in an action (no copy, no allocation). The group stays the head until its
/// thread ends it. False outside a parallel run's work-group, or while earlier groups run.
bool groupIsHead();

/// A count of the calling thread's GroupSequencer::begin() and post() calls (never reset):
/// while it stays the same, nothing else entered the work-group order from this thread, so
/// a check may add more of its own work to the action it posted last (the race detector's
/// batches of `__global` accesses) without changing the order.
uint64_t groupOrderPosts();

} // namespace clstep
