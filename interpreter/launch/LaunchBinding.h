#pragma once

#include "frontend/Ast.h"
#include "launch/KernelSignature.h"
#include "launch/LaunchConfig.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"

#include <vector>

namespace clstep::launch {

/// The launch-file view of a kernel's parameters (names, address spaces, CL type names,
/// sizes in bytes). `clVersion` (100..300) decides whether uniform work-groups are required
/// (before OpenCL 2.0).
KernelSignature signatureOf(const ast::FunctionDecl& kernel, int clVersion);

/// The NDRange of a (bound) launch configuration: dimensions, global/local sizes in
/// work-items, global offset.
NDRange ndRangeOf(const LaunchConfig& config);

/// The interpreter's kernel arguments for a bound launch configuration (buffers with their
/// initial host-order bytes, local sizes, scalars, nulls; ro/wo/noinit flags).
std::vector<KernelArgument> kernelArgumentsOf(const LaunchConfig& config);

} // namespace clstep::launch
