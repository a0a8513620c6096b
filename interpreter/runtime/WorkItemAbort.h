#pragma once

namespace clstep {

/// Thrown inside a work-item's evaluation to stop it (step limit, stack exhaustion, an
/// unrecoverable runtime error, the first error of a debugger inspection); caught where the
/// work-item's kernel body or the inspection started.
struct WorkItemAbort {};

} // namespace clstep
