#pragma once

// The diagnostic formatter lives in the interpreter's launch layer so that the OpenCL
// platform (platform/) prints runtime diagnostics in exactly `run`'s format.
#include "launch/DiagnosticPrinter.h"

namespace clstep::cli {
using launch::DiagnosticPrinter;
} // namespace clstep::cli
