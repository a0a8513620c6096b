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
/// scalars as `uchar hex` values, every buffer as `<size=N TYPE file=argI-NAME.bin dump>` with
/// its initial bytes in that file, TYPE the parameter's element type), `expected/argI-NAME.bin`
/// (each buffer's bytes after the launch, for `clstep-cli run launch.sim --expect`),
/// `build-options.txt` (the clBuildProgram options, for oclgrind-kernel --build-options; the
/// .sim carries them as `# clstep: build-options`, and a big-endian device as
/// `# clstep: device-endian big`; `finalBytes` may be empty: the
/// initial bytes are then the expected ones) and `expected-output.txt` (the dumps of the
/// buffers after the launch, exactly as `clstep-cli run launch.sim` prints them).
/// Arguments that share one buffer (KernelArgument::aliasOf) cannot be said in a .sim: each
/// gets its own copy, and a NOTE comment in launch.sim and a line on stderr say so.
/// With `inlineData` (exec --record-inline) the buffers' initial bytes are written into the
/// .sim as `uchar hex` values instead of `file=` (Oclgrind's own form, which oclgrind-kernel
/// runs too; the .bin files are still written).
/// Problems (unwritable directory) are reported once on stderr; the launch itself goes on.
void recordLaunch(const std::string& dir, uint32_t launchNumber, const KernelObject& kernel,
                  const NDRange& range, const std::vector<KernelArgument>& args,
                  const std::vector<std::vector<uint8_t>>& finalBytes, bool inlineData = false);

} // namespace clstep::ocl
