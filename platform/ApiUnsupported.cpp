// The parts of the OpenCL API that clstep does not support (issue scope: pipes, SVM, IL,
// GL/EGL interop, device-side queues). Each entry answers the code the spec names for a device or
// context without the feature.
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"

#include <tuple>
#include <type_traits>

namespace clstep::ocl {

namespace {

/// An entry point of type `Fn` that does nothing but report `Code`: returned when the
/// function returns cl_int, else stored through its last parameter when that is
/// `cl_int* errcode_ret`, with a null object returned.
template <class Fn>
struct NotSupported;
template <class R, class... A>
struct NotSupported<R(CL_API_CALL*)(A...)> {
    template <cl_int Code>
    static R CL_API_CALL fn(A... args) {
        if constexpr (std::is_same_v<R, cl_int>) {
            return Code;
        } else {
            if constexpr (sizeof...(A) > 0) {
                auto last = std::get<sizeof...(A) - 1>(std::tuple<A...>(args...));
                if constexpr (std::is_same_v<decltype(last), cl_int*>)
                    if (last) *last = Code;
            }
            if constexpr (!std::is_void_v<R>) return R{};
        }
    }
};

#define CLSTEP_NOT_SUPPORTED(entry, code)                                                          \
    d.entry = NotSupported<decltype(d.entry)>::template fn<code>

} // namespace

void fillUnsupportedApi(cl_icd_dispatch& d) {
    // Pipes (spec 5.4: "no devices in context support pipes").
    CLSTEP_NOT_SUPPORTED(clCreatePipe, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clGetPipeInfo, CL_INVALID_MEM_OBJECT);
    // Shared virtual memory (spec 5.6: CL_DEVICE_SVM_CAPABILITIES is 0).
    CLSTEP_NOT_SUPPORTED(clSVMAlloc, CL_INVALID_OPERATION); // returns NULL
    CLSTEP_NOT_SUPPORTED(clSVMFree, CL_INVALID_OPERATION);  // no effect
    CLSTEP_NOT_SUPPORTED(clEnqueueSVMFree, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clEnqueueSVMMemcpy, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clEnqueueSVMMemFill, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clEnqueueSVMMap, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clEnqueueSVMUnmap, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clEnqueueSVMMigrateMem, CL_INVALID_OPERATION);
    // Device-side queues (spec 5.1: no on-device queue properties).
    CLSTEP_NOT_SUPPORTED(clSetDefaultDeviceCommandQueue, CL_INVALID_OPERATION);
    // OpenGL and EGL interop: no context is created from a GL/EGL context.
    CLSTEP_NOT_SUPPORTED(clCreateFromGLBuffer, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clCreateFromGLTexture, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clCreateFromGLTexture2D, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clCreateFromGLTexture3D, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clCreateFromGLRenderbuffer, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clGetGLObjectInfo, CL_INVALID_GL_OBJECT);
    CLSTEP_NOT_SUPPORTED(clGetGLTextureInfo, CL_INVALID_GL_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueAcquireGLObjects, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clEnqueueReleaseGLObjects, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clGetGLContextInfoKHR, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clCreateEventFromGLsyncKHR, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clCreateFromEGLImageKHR, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clEnqueueAcquireEGLObjectsKHR, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clEnqueueReleaseEGLObjectsKHR, CL_INVALID_CONTEXT);
    CLSTEP_NOT_SUPPORTED(clCreateEventFromEGLSyncKHR, CL_INVALID_CONTEXT);
    // Device fission (cl_ext_device_fission) is not offered.
    CLSTEP_NOT_SUPPORTED(clCreateSubDevicesEXT, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clRetainDeviceEXT, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clReleaseDeviceEXT, CL_INVALID_OPERATION);
}

} // namespace clstep::ocl
