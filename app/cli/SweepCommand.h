#pragma once

#include "RunCommand.h"
#include "debug/Sweep.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace clstep::cli {

/// Options of `clstep-cli sweep FILE.sim|FILE.cl` (docs/sweep.md): `run`'s launch options
/// plus the matrix (lists where `run` takes one value) and the outputs.
struct SweepOptionsCli {
    RunOptionsCli run;                 ///< the launch (file, kernel, global, args, build, checks)
    debug::SweepMatrixText matrix;     ///< --local, --sub-group-size, --schedules, --random,
                                       ///< --device-endian ("" = each default)
    bool noSubGroupSweep = false;      ///< --no-sub-group-sweep: no default sub-group sizes
    uint64_t maxWorkGroupSize = 1024;  ///< --max-work-group-size (work-items)
    std::vector<std::string> pinLocal; ///< --pin-local NAME: keep that __local size as written
    uint64_t ulp = 0;                  ///< --ulp N: float results equal within N ulp
    unsigned jobs = 0;                 ///< --jobs N: configurations in parallel (0 = every core)
    std::string json;                  ///< --json FILE ("-" = stdout)
    bool jsonBuffers = false;          ///< --json-buffers: dumped buffers in the JSON too
    /// --expect-json FILE: a sweep JSON with buffers (grade's reference); each configuration
    /// is compared with that file's configuration of the same name as its run ends
    std::string expectJson;
    bool quiet = false; ///< --quiet: no text report (with --json)
};

/// Registers the matrix options on `cmd`, for `sweep` and `grade`: --local, --sub-group-size,
/// --schedules, --random, --device-endian into `matrix` (debug::Sweep::parseMatrix reads
/// them) and --pin-local into `pinLocal`.
void addMatrixOptions(CLI::App& cmd, debug::SweepMatrixText& matrix,
                      std::vector<std::string>& pinLocal);

/// Registers the `sweep` options on `cmd`.
void addSweepOptions(CLI::App& cmd, SweepOptionsCli& options);

/// The sweep of `options` (docs/sweep.md) without the files: the text report (unless
/// `options.quiet`) on `text`, usage and launch errors and the suppression count on `err`, and,
/// when `json` is not null, the report as `sweep --json` writes it (docs/sweep.schema.json)
/// in `*json` (left null on a usage error). `options.json` is ignored. Returns the exit code
/// of runSweep. The debug adapter's `clstep/sweep` request calls it (docs/editors.md).
int sweep(const SweepOptionsCli& options, std::ostream& text, std::ostream& err,
          nlohmann::json* json);

/// Runs `clstep-cli sweep`: the launch under every configuration of the matrix, then the
/// report (text on stdout, JSON with --json). Returns 0 when clean, 1 with errors or results
/// that depend on the configuration (or a launch / build error), 2 on a usage error.
int runSweep(const SweepOptionsCli& options);

} // namespace clstep::cli
