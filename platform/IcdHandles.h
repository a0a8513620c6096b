#pragma once

// The OpenCL handle types of an ICD vendor library. The Khronos ICD loader (cl_khr_icd,
// OpenCL extension spec "ICD") requires every object handed to the application to start with
// a pointer to the vendor's dispatch table, the `cl_icd_dispatch` of Khronos' CL/cl_icd.h:
// the loader forwards each call through it. clstep's C++ objects derive from these structs.
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#include <CL/cl_icd.h>

struct _cl_platform_id {
    const cl_icd_dispatch* dispatch;
};
struct _cl_device_id {
    const cl_icd_dispatch* dispatch;
};
struct _cl_context {
    const cl_icd_dispatch* dispatch;
};
struct _cl_command_queue {
    const cl_icd_dispatch* dispatch;
};
struct _cl_mem {
    const cl_icd_dispatch* dispatch;
};
struct _cl_program {
    const cl_icd_dispatch* dispatch;
};
struct _cl_kernel {
    const cl_icd_dispatch* dispatch;
};
struct _cl_event {
    const cl_icd_dispatch* dispatch;
};
struct _cl_sampler {
    const cl_icd_dispatch* dispatch;
};

namespace clstep::ocl {

/// The one dispatch table of libclstep-opencl.so (built in Icd.cpp from the entry points of
/// the Api*.cpp files); every object's first member points to it.
const cl_icd_dispatch& dispatchTable();

} // namespace clstep::ocl
