#pragma once

#include "KernelObject.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::ocl {

/// Records one kernel launch as a replayable bundle `DIR/NNNN-KERNEL/` (docs/platform.md):
/// `kernel.cl` (the program's source), `launch.sim` (an Oclgrind launch file: sizes, offsets,
/// every argument's initial bytes as `uchar hex` values, buffers marked `dump`),
/// `build-options.txt` (the clBuildProgram options) and `expected-output.txt` (the dumps of the
/// buffers after the launch, exactly as `clstep-cli run launch.sim` prints them), so
/// `clstep-cli run launch.sim | diff - expected-output.txt` confirms the replay bit for bit.
/// Problems (unwritable directory) are reported once on stderr; the launch itself goes on.
void recordLaunch(const std::string& dir, uint32_t launchNumber, const KernelObject& kernel,
                  const NDRange& range, const std::vector<KernelArgument>& args,
                  const std::vector<std::vector<uint8_t>>& finalBytes);

} // namespace clstep::ocl
