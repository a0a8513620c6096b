#pragma once

#include <vector>

namespace clstep {

/// One optional OpenCL C 3.0 feature (OpenCL C spec 6.2.1, "Features") that the interpreter
/// implements: its feature macro and the `-cl-std` version (200 or 300) from which the
/// preprocessor defines it.
struct OpenClFeature {
    const char* name; ///< the feature macro, e.g. "__opencl_c_generic_address_space"
    int sinceVersion; ///< 200: defined for -cl-std=CL2.0 and CL3.0 (as clang does); 300: CL3.0
};

/// The optional OpenCL C features clstep implements, the one list that both the
/// preprocessor's feature macros (Preprocessor.cpp) and the platform's
/// CL_DEVICE_OPENCL_C_FEATURES (platform/Platform.cpp) come from, so a kernel built with
/// `-cl-std=CL3.0` sees exactly the advertised features. Not in it: pipes, device-side
/// enqueue (not implemented), the integer dot products and fp16 (extensions).
const std::vector<OpenClFeature>& openClFeatures();

} // namespace clstep
