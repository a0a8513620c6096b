#pragma once

#include <string>
#include <vector>

namespace clstep::cli {

/// Options of `clstep-cli check FILE.cl`.
struct CheckCommandOptions {
    std::string file;
    std::string clStd = "CL1.2";
    std::vector<std::string> defines;
    std::vector<std::string> includeDirs;
    bool json = false;
};

/// Builds the program (preprocess, parse, Sema) and prints its diagnostics to stdout
/// (text, or a JSON array with --json). Returns 0 without errors, 1 with errors, 2 for a
/// usage error (unknown -cl-std).
int runCheck(const CheckCommandOptions& options);

} // namespace clstep::cli
