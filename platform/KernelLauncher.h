#pragma once

#include "KernelObject.h"
#include "runtime/NDRange.h"

#include <cstdint>
#include <vector>

namespace clstep::ocl {

/// Runs one kernel launch of the platform through the interpreter (KernelRun with the runtime
/// checks of DeviceSettings, launch::runChecked) on a large-stack thread: copies the buffers'
/// bytes in, runs every work-group, writes the bytes the kernel changed back into the buffers,
/// prints printf output to stdout and runtime diagnostics to stderr in `clstep-cli run`'s
/// format under a header line "clstep: launch N, kernel 'NAME':" (and, when
/// CLSTEP_DIAGNOSTICS_JSON is set, into that JSON file). `launchNumber` counts the process's
/// launches from 1. `args` are the argument values captured at the enqueue (one per
/// parameter; buffers still alive). Returns CL_COMPLETE, or CL_OUT_OF_RESOURCES (the event's
/// negative status) when the run reported an error or could not be set up: an exception
/// (the host's memory ran out copying the buffers in, ...) becomes a "launch-stopped" error
/// at the kernel's declaration (one before the results are written back leaves the buffers
/// unchanged). Never throws a std::exception.
cl_int launchKernel(KernelObject& kernel, const std::vector<KernelObject::ArgValue>& args,
                    const NDRange& range, uint32_t launchNumber);

} // namespace clstep::ocl
