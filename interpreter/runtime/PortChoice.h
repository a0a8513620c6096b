#pragma once

#include "runtime/MemoryPort.h"

#include <memory>
#include <vector>

namespace clstep {

class ExecutionObserver;
class GroupFootprint;

/// MemoryPort::choose() for work-items observed by `observers` on a device of the given byte
/// order, whose port also records every `__global` access it performs in `footprint` (null:
/// none; it must outlive the port): the port of a thread of a parallel run that no observer
/// proves independent (KernelRun::runParallel, FootprintLedger).
std::unique_ptr<MemoryPort> choosePort(const std::vector<ExecutionObserver*>& observers,
                                       bool bigEndian, GroupFootprint* footprint);

} // namespace clstep
