#pragma once

#include "checks/CheckSet.h"
#include "common/Diagnostic.h"
#include "debug/Scheduler.h"
#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"
#include "runtime/RunOptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep {
class ExecutionObserver;
}

namespace clstep::debug {

/// One `__local` buffer of a finished work-group: its variable (or parameter) name and bytes
/// (device byte order).
struct LocalBuffer {
    std::string name;
    std::vector<uint8_t> bytes;
};

/// What one run of a kernel under one schedule left behind: only the results (final argument
/// bytes, optionally each work-group's `__local` memory) and the runtime reports, not the
/// run's memory, so many outcomes can be kept while only one run is alive.
struct ScheduledOutcome {
    /// False when the launch was refused (KernelRun::ready(); the reasons, kind "launch", are
    /// in `diagnostics`).
    bool launched = false;
    /// Final bytes of every argument in host byte order (KernelRun::argumentBytes; empty for
    /// arguments that are not buffers).
    std::vector<std::vector<uint8_t>> buffers;
    /// Each work-group's final `__local` buffers, in linear work-group order (only when asked).
    std::vector<std::vector<LocalBuffer>> locals;
    std::vector<Diagnostic> diagnostics; ///< runtime reports of the run (merged duplicates)
    std::vector<uint64_t> counts;        ///< occurrences of each diagnostic
};

/// Runs kernel `kernel` of `program` over `range` with `args` once, every work-group in
/// linear id order on the calling thread (a RunDriver: the observers' lifecycle as in
/// KernelRun::runAll), the work-items of a group interleaved by `scheduler` (Scheduler:
/// in-order, reverse, round-robin, random, simt), with the runtime checks of `checkOptions`
/// attached, then `observers` (passive, not owned: a Session's added observers, the sweep's
/// AccessStats). The one scheduled run of `explore` and of the launch sweep (debug/Sweep.h).
/// Keeps each group's final `__local` memory when `captureLocals`. Kernel errors are
/// diagnostics of the outcome; a refused launch gives `launched == false`. Exceptions of the
/// interpreter (std::bad_alloc, internal errors) propagate.
ScheduledOutcome runUnderSchedule(const Program& program, const std::string& kernel,
                                  const NDRange& range, const std::vector<KernelArgument>& args,
                                  const RunOptions& options, const CheckOptions& checkOptions,
                                  Scheduler scheduler, bool captureLocals,
                                  const std::vector<ExecutionObserver*>& observers = {});

} // namespace clstep::debug
