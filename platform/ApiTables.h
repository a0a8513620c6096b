#pragma once

#include "IcdHandles.h"

namespace clstep::ocl {

// Each Api*.cpp file implements one part of the OpenCL host API and enters its functions in
// the dispatch table with one of these (called once by dispatchTable(), Icd.cpp).

/// Platforms, devices, contexts (spec 4.1-4.4) and the host timers.
void fillPlatformApi(cl_icd_dispatch& d);
/// Command queues, events, markers, barriers, flush/finish (spec 5.1, 5.11-5.13).
void fillQueueApi(cl_icd_dispatch& d);
/// Buffers, sub-buffers and their read/write/copy/fill/map commands (spec 5.2, 5.5).
void fillMemoryApi(cl_icd_dispatch& d);
/// Programs (spec 5.8).
void fillProgramApi(cl_icd_dispatch& d);
/// Kernels and their launches (spec 5.9, 5.10).
void fillKernelApi(cl_icd_dispatch& d);
/// Images: creation, formats, info (spec 5.3.1-5.3.2, 5.3.7; ApiImage.cpp), then the image
/// commands (5.3.3-5.3.6; ApiImageCommands.cpp, through fillImageCommandApi).
void fillImageApi(cl_icd_dispatch& d);
void fillImageCommandApi(cl_icd_dispatch& d);
/// Samplers (spec 5.7; ApiSampler.cpp).
void fillSamplerApi(cl_icd_dispatch& d);
/// What clstep does not support: pipes, SVM, IL, GL/DX/EGL interop,
/// native kernels, device-side queues; each answers the spec's "not supported" code.
void fillUnsupportedApi(cl_icd_dispatch& d);

} // namespace clstep::ocl
