// The ICD entry points of libclstep-opencl.so (cl_khr_icd): the only symbols the library
// exports. The Khronos ICD loader finds clGetExtensionFunctionAddress with dlsym, asks it for
// clIcdGetPlatformIDsKHR, and then reaches every other function through the dispatch table
// that is the first member of each object.
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Platform.h"

#include <cstring>

#define CLSTEP_EXPORT extern "C" __attribute__((visibility("default")))

namespace clstep::ocl {

namespace {

cl_int CL_API_CALL icdGetPlatformIDs(cl_uint numEntries, cl_platform_id* platforms,
                                     cl_uint* numPlatforms) {
    return guarded([&]() -> cl_int {
        if ((numEntries == 0 && platforms) || (!platforms && !numPlatforms))
            return CL_INVALID_VALUE;
        if (platforms) platforms[0] = Platform::instance().handle();
        if (numPlatforms) *numPlatforms = 1;
        return CL_SUCCESS;
    });
}

void* CL_API_CALL extensionFunction(const char* name) {
    if (name && std::strcmp(name, "clIcdGetPlatformIDsKHR") == 0)
        return reinterpret_cast<void*>(&icdGetPlatformIDs);
    // Not clGetKernelSubGroupInfoKHR: cl_khr_subgroups is not advertised (Platform.cpp).
    return nullptr; // clstep has no other extension functions
}

void* CL_API_CALL extensionFunctionForPlatform(cl_platform_id platform, const char* name) {
    if (platform != Platform::instance().handle()) return nullptr;
    return extensionFunction(name);
}

cl_icd_dispatch makeTable() {
    cl_icd_dispatch d;
    std::memset(&d, 0, sizeof d);
    fillPlatformApi(d);
    fillQueueApi(d);
    fillMemoryApi(d);
    fillProgramApi(d);
    fillKernelApi(d);
    fillImageApi(d);
    fillSamplerApi(d);
    fillUnsupportedApi(d);
    d.clGetExtensionFunctionAddress = extensionFunction;
    d.clGetExtensionFunctionAddressForPlatform = extensionFunctionForPlatform;
    return d;
}

} // namespace

const cl_icd_dispatch& dispatchTable() {
    static const cl_icd_dispatch table = makeTable();
    return table;
}

std::recursive_mutex& apiMutex() {
    static std::recursive_mutex m;
    return m;
}

std::condition_variable_any& apiCondition() {
    static std::condition_variable_any c;
    return c;
}

} // namespace clstep::ocl

CLSTEP_EXPORT cl_int CL_API_CALL clIcdGetPlatformIDsKHR(cl_uint numEntries,
                                                        cl_platform_id* platforms,
                                                        cl_uint* numPlatforms) {
    return clstep::ocl::icdGetPlatformIDs(numEntries, platforms, numPlatforms);
}

CLSTEP_EXPORT void* CL_API_CALL clGetExtensionFunctionAddress(const char* name) {
    return clstep::ocl::extensionFunction(name);
}

CLSTEP_EXPORT void* CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform,
                                                                         const char* name) {
    return clstep::ocl::extensionFunctionForPlatform(platform, name);
}

// ocl-icd (Debian's loader) looks this symbol up by name before it trusts a vendor library
// (unless OCL_ICD_ASSUME_ICD_EXTENSION is set); it forwards to the dispatch table's entry.
CLSTEP_EXPORT cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform, cl_platform_info param,
                                                   size_t size, void* value, size_t* sizeRet) {
    return clstep::ocl::dispatchTable().clGetPlatformInfo(platform, param, size, value, sizeRet);
}
