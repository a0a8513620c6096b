#include "CheckSwitches.h"

namespace clstep::cli {

CheckOptions CheckSwitches::toCheckOptions() const {
    CheckOptions checkOptions;
    if (noChecks) checkOptions = CheckOptions::none();
    if (noDataRaces) checkOptions.dataRaces = false;
    if (noUninitialized) checkOptions.uninitialized = false;
    if (noEndianEvents) checkOptions.endianEvents = false;
    checkOptions.uniformWrites = uniformWrites;
    checkOptions.strictRaces = strictRaces;
    return checkOptions;
}

void addCheckSwitches(CLI::App& cmd, CheckSwitches& s) {
    cmd.add_flag("--no-data-races", s.noDataRaces,
                 "do not check for data races on __local and __global memory");
    cmd.add_flag("--no-uninitialized", s.noUninitialized,
                 "do not check for reads of uninitialized __private, __local and noinit memory");
    cmd.add_flag("--no-endian-events", s.noEndianEvents,
                 "do not report endian(host) byte-order conversions");
    cmd.add_flag("--no-checks", s.noChecks, "turn every runtime check above off (fastest)");
    cmd.add_flag("--uniform-writes", s.uniformWrites,
                 "also report write-write races where both writes store the same value");
    cmd.add_flag("--strict-races", s.strictRaces,
                 "report benign races (writes storing the bytes already there) as errors");
}

} // namespace clstep::cli
