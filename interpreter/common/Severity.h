#pragma once

namespace clstep {

/// How bad a diagnostic is. `Error` makes `check` exit 1 and refuses a run.
enum class Severity { Note, Warning, Error };

/// Returns "note", "warning" or "error".
const char* severityName(Severity s);

} // namespace clstep
