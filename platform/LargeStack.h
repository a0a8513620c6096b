#pragma once

#include <cstddef>
#include <functional>

namespace clstep::ocl {

/// Runs `work` to completion on a new thread whose stack has `stackBytes` bytes, and waits for
/// it. The front end's recursive passes (parser, Sema) and the evaluator recurse as deeply as
/// the kernel's expressions nest, and a host program's thread may have a small stack (Python
/// threads have 8 MiB or less). Exceptions thrown by `work` are rethrown in the caller. When a
/// thread cannot be created, `work` runs on the caller's thread.
void runOnLargeStack(const std::function<void()>& work, size_t stackBytes = 512u << 20);

} // namespace clstep::ocl
