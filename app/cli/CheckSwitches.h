#pragma once

#include "checks/CheckSet.h"

#include <CLI/CLI.hpp>

namespace clstep::cli {

/// The runtime-check switches shared by `run` and `exec` (docs/diagnostics.md): every check
/// is on unless a switch turns it off.
struct CheckSwitches {
    bool noDataRaces = false;     ///< --no-data-races
    bool noUninitialized = false; ///< --no-uninitialized
    bool noEndianEvents = false;  ///< --no-endian-events
    bool noChecks = false;        ///< --no-checks: all of the above off
    bool uniformWrites = false;   ///< --uniform-writes: report write-write races of equal values
    bool strictRaces = false;     ///< --strict-races: benign races are errors

    /// The CheckOptions these switches ask for.
    CheckOptions toCheckOptions() const;
};

/// Registers the check switches (--no-data-races, --no-uninitialized, --no-endian-events,
/// --no-checks, --uniform-writes, --strict-races) on `cmd`.
void addCheckSwitches(CLI::App& cmd, CheckSwitches& switches);

} // namespace clstep::cli
