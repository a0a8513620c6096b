#pragma once

#include "launch/LaunchConfig.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace clstep::cli {

/// `clstep-cli run FILE.sim --expect[=PATH]`: compares a replay's final buffers with the
/// recorded ones (docs/platform.md, "Recording launches").
///
/// PATH (default: the `expected/` directory next to the .sim) is either
/// * a directory: for every `dump` argument i named NAME, the file
///   `PATH/argI-NAME.bin` (SimWriter::argumentFileName, as `exec --record` writes it) must hold
///   exactly the argument's final bytes; elements are compared bit for bit in the argument's
///   element type, or
/// * a file: the text the replay's dumps print (oclgrind-kernel's `dump` format, as in a
///   bundle's `expected-output.txt`) must equal it line by line.
class ExpectedOutput {
public:
    /// Compares; `finalBytes[i]` are argument i's bytes after the run (host order). Returns
    /// true if everything matches. Otherwise writes to `err` one line per differing argument
    /// naming its first differing elements (at most `kShown`), e.g.
    /// `clstep-cli: --expect: argument 1 'out': 3 of 64 elements differ from
    /// expected/arg1-out.bin; out[5] = 6 (expected 7)`, or the missing file.
    static bool check(const launch::LaunchConfig& config,
                      const std::vector<std::vector<uint8_t>>& finalBytes, const std::string& path,
                      std::ostream& err);

    /// At most this many differing elements are named per argument.
    static constexpr size_t kShown = 5;

private:
    static bool checkDirectory(const launch::LaunchConfig& config,
                               const std::vector<std::vector<uint8_t>>& finalBytes,
                               const std::string& dir, std::ostream& err);
    static bool checkDumpText(const launch::LaunchConfig& config,
                              const std::vector<std::vector<uint8_t>>& finalBytes,
                              const std::string& file, std::ostream& err);
};

} // namespace clstep::cli
