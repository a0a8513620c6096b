#pragma once

#include "common/SourceManager.h"
#include "frontend/PreprocessedSource.h"

#include <string>
#include <vector>

namespace clstep {

/// Options of the OpenCL C preprocessor, as given by build options (`-D`, `-I`,
/// `-cl-std=`) and by the simulated device.
struct PreprocessorOptions {
    std::vector<std::string> defines;     ///< "NAME" or "NAME=VALUE" (from -D)
    std::vector<std::string> includeDirs; ///< searched after the including file's directory
    int clVersion = 120;                  ///< 100, 110, 120, 200 or 300 (sets __OPENCL_C_VERSION__)
    bool deviceLittleEndian = true;       ///< defines __ENDIAN_LITTLE__ when true
};

/// Runs the C preprocessor (Boost.Wave) over an OpenCL C file.
///
/// Predefines `__OPENCL_VERSION__`, `__OPENCL_C_VERSION__`, `CL_VERSION_1_0` ... `CL_VERSION_3_0`,
/// `__ENDIAN_LITTLE__` (little-endian device only), `__IMAGE_SUPPORT__` is not defined,
/// `FP_FAST_FMA*` are not defined, `__kernel_exec(X, typen)` and `cl_khr_fp64` etc. extension
/// macros. `#include "x"` is resolved relative to the including file, then `includeDirs`.
/// `#pragma OPENCL EXTENSION` lines are recorded and removed from the output.
///
/// Never throws: a preprocessing error (missing include, malformed directive, #error)
/// becomes a Diagnostic with kind "preprocessor" at the original file:line:col, and
/// included files are registered in `sources`.
class Preprocessor {
public:
    /// Preprocesses file `fileId` (already registered in `sources`).
    static PreprocessedSource run(SourceManager& sources, uint32_t fileId,
                                  const PreprocessorOptions& options);
};

} // namespace clstep
