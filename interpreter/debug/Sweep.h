#pragma once

#include "checks/AccessStats.h"
#include "checks/CheckSet.h"
#include "frontend/Program.h"
#include "launch/SweepMatrix.h"
#include "launch/SweepReport.h"
#include "launch/SweepResults.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"
#include "runtime/RunOptions.h"

#include <optional>
#include <string>
#include <vector>

namespace clstep::debug {

/// One launch to sweep: the built program (one per device byte order, since the byte order
/// is a build option: `__ENDIAN_LITTLE__`), the kernel, the NDRange and arguments as the
/// launch file wrote them, and the run and check options every configuration starts from.
struct SweepLaunch {
    const Program* littleEndian = nullptr; ///< built for a little-endian device (or null)
    const Program* bigEndian = nullptr;    ///< built for a big-endian device (or null)
    std::string kernel;
    /// `local` is the size the launch's `__local` argument sizes are for; when `localGiven` is
    /// false (a .cl launch without --local) they are kept as written.
    NDRange range;
    std::vector<KernelArgument> args;
    std::vector<bool> dump; ///< per argument: keep its final bytes (the launch dumps it)
    RunOptions run;
    CheckOptions checks;
    std::vector<std::string> pinnedLocals; ///< `__local` arguments that do not scale
    /// With a value (`sweep --access-stats`): each run also collects the SIMT statistics
    /// (checks/AccessStats) with these banks, bank width and segment, and the
    /// configuration's sub-group size (else the run's), into SweepRunResult::access.
    std::optional<AccessStatsOptions> accessStats;
};

/// A sweep matrix as a user writes it (`clstep-cli sweep`'s options, the GUI's fields):
/// comma-separated lists, "" for the default of each (launch::SweepMatrix::expand).
struct SweepMatrixText {
    std::string local;     ///< work-group sizes: "8,16,32" or "8x8,16x16"
    std::string subGroups; ///< sub-group sizes: "8,16" (1 to 1024 work-items)
    std::string schedules; ///< "in-order,reverse,round-robin,simt"
    unsigned random = 0;   ///< seeded random schedules (seeds 1..N)
    std::string endians;   ///< device byte orders: "little", "big" or "little,big"
};

/// Runs one launch under every configuration of a sweep matrix (launch/SweepMatrix.h;
/// `clstep-cli sweep`, docs/sweep.md): each run with its work-group size (its `__local`
/// arguments scaled, SweepMatrix::argumentsFor), sub-group size, schedule
/// (runUnderSchedule) and byte order, keeping only the dumped buffers and the reports.
class Sweep {
public:
    /// Runs `configurations` of `launch` on `jobs` threads (0: one per core), one
    /// configuration per thread at a time, each run on one thread, and adds each result to
    /// `results` (made for `configurations.size()` runs) as it finishes, where it is compared
    /// at once and its buffers released (SweepResults). A thread starts no new configuration
    /// while `results` holds `jobs` results waiting for an earlier one (the reference), so
    /// memory is that of `jobs` runs at a time plus the reference's dumped buffers. Never
    /// throws for a configuration (runOne).
    static void run(const SweepLaunch& launch,
                    const std::vector<launch::SweepConfiguration>& configurations, unsigned jobs,
                    launch::SweepResults& results);

    /// Reads the lists of `text` into `matrix` (its other fields are left as they are).
    /// False for an invalid list, with `why` naming the option as `clstep-cli sweep` does
    /// ("--local: invalid work-group size '0' (a size is N, NxM or NxMxK)").
    static bool parseMatrix(const SweepMatrixText& text, launch::SweepMatrixOptions& matrix,
                            std::string& why);

    /// Runs one configuration. An exception of the interpreter (host memory, internal
    /// error, anything thrown) becomes the result's `failure`; never throws.
    static launch::SweepRunResult runOne(const SweepLaunch& launch,
                                         const launch::SweepConfiguration& configuration);
};

} // namespace clstep::debug
