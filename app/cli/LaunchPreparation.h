#pragma once

#include "RunCommand.h"
#include "checks/CheckSet.h"
#include "debug/Session.h"
#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "launch/LaunchConfig.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"
#include "runtime/RunOptions.h"

#include <iosfwd>
#include <memory>
#include <optional>
#include <vector>

namespace clstep::cli {

/// Everything a kernel run needs, prepared from `run`'s options: the built program, the
/// launch (read from a .sim file or from --kernel/--global/--local/--arg), the NDRange, the
/// kernel arguments and the compile, run and check options.
struct PreparedLaunch {
    std::unique_ptr<Program> program;
    launch::LaunchConfig config; ///< kernel file and name, sizes, argument specs (bound)
    NDRange range;
    std::vector<KernelArgument> args;
    CompileOptions compile;
    RunOptions run;
    CheckOptions checks;
};

/// Prepares the launch `options` describe, for `clstep-cli run` (batch and -i) and the debug
/// adapter alike: reads the .sim file or the command-line launch, builds the kernel file,
/// finds the kernel and binds the arguments to its signature (Oclgrind's .sim rules).
/// Diagnostics (launch file, build, binding) and usage errors are written to `err` as
/// `FILE:LINE:COL: error: message [kind]` blocks. Returns 0 when `out` is ready, 1 when the
/// launch or the program has errors, 2 on a usage error (unknown -cl-std, bad sizes, a .cl
/// file without --kernel and --global).
int prepareLaunch(const RunOptionsCli& options, PreparedLaunch& out, std::ostream& err);

/// Starts debugging `kernelFile`'s kernel `kernelName` in `session`: sets the run and check
/// options, builds the file, sets the NDRange and arguments and resets the run (every
/// work-item before its first statement). False when the program has errors (they are in
/// session.diagnostics()) or the launch is invalid (session.lastError()); `why` then says which.
bool startSession(debug::Session& session, const std::string& kernelFile,
                  const std::string& kernelName, const NDRange& range,
                  std::vector<KernelArgument> args, const CompileOptions& compileOptions,
                  const RunOptions& runOptions, const CheckOptions& checkOptions, std::string& why);

} // namespace clstep::cli
