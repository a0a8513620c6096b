// The parts of the OpenCL API that clstep does not support (issue scope: images and samplers
// until the interpreter has them, pipes, SVM, IL, GL/EGL interop, device-side queues). Each
// entry answers the code the spec names for a device or context without the feature.
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

cl_int CL_API_CALL GetSupportedImageFormats(cl_context context, cl_mem_flags, cl_mem_object_type,
                                            cl_uint, cl_image_format*, cl_uint* numFormats) {
    return guarded([&]() -> cl_int {
        if (!Context::from(context)) return CL_INVALID_CONTEXT;
        if (numFormats) *numFormats = 0; // CL_DEVICE_IMAGE_SUPPORT is CL_FALSE
        return CL_SUCCESS;
    });
}

} // namespace

void fillUnsupportedApi(cl_icd_dispatch& d) {
    d.clGetSupportedImageFormats = GetSupportedImageFormats;
    // Images and samplers: "no devices in context support images" (spec 5.3.1, 5.7.1).
    CLSTEP_NOT_SUPPORTED(clCreateImage, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clCreateImageWithProperties, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clCreateImage2D, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clCreateImage3D, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clGetImageInfo, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueReadImage, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueWriteImage, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueCopyImage, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueFillImage, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueCopyImageToBuffer, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueCopyBufferToImage, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clEnqueueMapImage, CL_INVALID_MEM_OBJECT);
    CLSTEP_NOT_SUPPORTED(clCreateSampler, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clCreateSamplerWithProperties, CL_INVALID_OPERATION);
    CLSTEP_NOT_SUPPORTED(clRetainSampler, CL_INVALID_SAMPLER);
    CLSTEP_NOT_SUPPORTED(clReleaseSampler, CL_INVALID_SAMPLER);
    CLSTEP_NOT_SUPPORTED(clGetSamplerInfo, CL_INVALID_SAMPLER);
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
