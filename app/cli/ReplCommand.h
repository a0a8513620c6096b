#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::cli {

/// Options of `clstep-cli repl`.
struct ReplOptionsCli {
    std::string clStd = "CL1.2";
    std::string deviceEndian = "little";
    uint64_t maxSteps = 1'000'000;
    std::vector<std::string> load; ///< kernel files to `:load` first
    bool echo = false;             ///< echo each entry (for transcripts of piped input)
};

/// Registers the `repl` options on `cmd`.
void addReplOptions(CLI::App& cmd, ReplOptionsCli& options);

/// Runs the OpenCL C scratchpad on stdin/stdout (readline on a terminal). Returns 0, or 1
/// when reading from a pipe and an entry was refused.
int runRepl(const ReplOptionsCli& options);

} // namespace clstep::cli
