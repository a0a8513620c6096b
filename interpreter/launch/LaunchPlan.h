#pragma once

#include "common/Diagnostic.h"
#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "launch/KernelSignature.h"
#include "launch/LaunchConfig.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"

#include <vector>

namespace clstep::launch {

/// Everything a front end needs to start a kernel run, made from a launch description and a
/// compiled program by prepare(): the kernel, its launch-file signature, the NDRange and the
/// interpreter's arguments. Pass `range` and `arguments` to KernelRun (or debug::Session's
/// setNDRange/setArguments) together with the kernel's name.
struct LaunchPlan {
    /// True when the kernel exists and the launch was bound to its parameters; the other
    /// fields are then complete. False otherwise (the reasons are in the diagnostics).
    bool ok = false;
    const ast::FunctionDecl* kernel = nullptr; ///< in the program given to prepare()
    KernelSignature signature;                 ///< names, address spaces, CL types, sizes
    NDRange range;                             ///< dimensions, global/local sizes, offset
    /// One per kernel parameter: buffers with their initial host-order bytes (ro/wo/noinit
    /// flags), `__local` sizes in bytes, scalar bytes, nulls.
    std::vector<KernelArgument> arguments;
    /// One per kernel parameter: the launch asked to print its final bytes (`dump`).
    std::vector<bool> dump;
};

/// The one `.sim` → bind → NDRange/arguments sequence of clstep, used by every front end
/// (`clstep-cli run`, debug::Session::loadSim, the GUI's launch editor, the REPL's kernel
/// launcher, the platform layer).
///
/// `config` is a parsed launch (SimParser::parse/parseFile, or sizes and `<...>` argument
/// specifications from a command line or the REPL); its arguments are bound in place to the
/// parameters of kernel `config.kernelName` of `program` (SimParser::bind: values read,
/// sizes and types checked, uniform work-groups before OpenCL 2.0). Problems are appended
/// to `diagnostics` with the launch text's source ranges: "launch-file" when the program has
/// no such kernel (at config.kernelNameRange), and SimParser::bind's launch-file errors.
/// Whether a program with build errors may be launched is the caller's decision (its kernels
/// may still be found). Never throws.
LaunchPlan prepare(const Program& program, LaunchConfig& config,
                   std::vector<Diagnostic>& diagnostics);

} // namespace clstep::launch
