// Platform, device and context entry points (OpenCL 3.0 API spec 4.1-4.4).
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "Event.h"
#include "FreedMemory.h"
#include "Platform.h"

namespace clstep::ocl {

namespace {

bool isOurPlatform(cl_platform_id p) {
    return p == Platform::instance().handle();
}
bool isOurDevice(cl_device_id d) {
    return d == Device::instance().handle();
}

cl_int CL_API_CALL GetPlatformIDs(cl_uint numEntries, cl_platform_id* platforms,
                                  cl_uint* numPlatforms) {
    return guarded([&]() -> cl_int {
        if ((numEntries == 0 && platforms) || (!platforms && !numPlatforms))
            return CL_INVALID_VALUE;
        if (platforms) platforms[0] = Platform::instance().handle();
        if (numPlatforms) *numPlatforms = 1;
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetPlatformInfo(cl_platform_id platform, cl_platform_info param, size_t size,
                                   void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        if (platform && !isOurPlatform(platform)) return CL_INVALID_PLATFORM;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_PLATFORM_PROFILE:
            return a.string("FULL_PROFILE");
        case CL_PLATFORM_VERSION:
            return a.string(Platform::kVersion);
        case CL_PLATFORM_NAME:
            return a.string(Platform::kName);
        case CL_PLATFORM_VENDOR:
            return a.string(Platform::kVendor);
        case CL_PLATFORM_EXTENSIONS:
            return a.string(Platform::extensions());
        case CL_PLATFORM_ICD_SUFFIX_KHR:
            return a.string(Platform::kIcdSuffix);
        case CL_PLATFORM_HOST_TIMER_RESOLUTION:
            return a.scalar<cl_ulong>(1);
        case CL_PLATFORM_NUMERIC_VERSION:
            return a.scalar<cl_version>(CL_MAKE_VERSION(3, 0, 0));
        case CL_PLATFORM_EXTENSIONS_WITH_VERSION:
            return a.array(Platform::extensionsWithVersion());
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL GetDeviceIDs(cl_platform_id platform, cl_device_type type, cl_uint numEntries,
                                cl_device_id* devices, cl_uint* numDevices) {
    return guarded([&]() -> cl_int {
        if (platform && !isOurPlatform(platform)) return CL_INVALID_PLATFORM;
        const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
                                     CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR |
                                     CL_DEVICE_TYPE_CUSTOM;
        if (type == 0 || (type != CL_DEVICE_TYPE_ALL && (type & ~known)))
            return CL_INVALID_DEVICE_TYPE;
        if ((numEntries == 0 && devices) || (!devices && !numDevices)) return CL_INVALID_VALUE;
        bool match =
            type == CL_DEVICE_TYPE_ALL || (type & (CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU));
        if (!match) {
            if (numDevices) *numDevices = 0;
            return CL_DEVICE_NOT_FOUND;
        }
        if (devices) devices[0] = Device::instance().handle();
        if (numDevices) *numDevices = 1;
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetDeviceInfo(cl_device_id device, cl_device_info param, size_t size,
                                 void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        if (!isOurDevice(device)) return CL_INVALID_DEVICE;
        return Device::instance().info(param, InfoAnswer(size, value, sizeRet));
    });
}

cl_int CL_API_CALL CreateSubDevices(cl_device_id device, const cl_device_partition_property*,
                                    cl_uint, cl_device_id*, cl_uint*) {
    return guarded([&]() -> cl_int {
        if (!isOurDevice(device)) return CL_INVALID_DEVICE;
        return CL_INVALID_VALUE; // no partition type is supported (CL_DEVICE_PARTITION_PROPERTIES)
    });
}

cl_int CL_API_CALL RetainDevice(cl_device_id device) {
    return guarded(
        [&]() -> cl_int { return isOurDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE; });
}

cl_int CL_API_CALL ReleaseDevice(cl_device_id device) {
    return guarded(
        [&]() -> cl_int { return isOurDevice(device) ? CL_SUCCESS : CL_INVALID_DEVICE; });
}

/// Checks a context property list (spec 4.4 table "List of supported context creation
/// properties"): only CL_CONTEXT_PLATFORM (our platform) and CL_CONTEXT_INTEROP_USER_SYNC
/// (CL_TRUE or CL_FALSE), each at most once; else CL_INVALID_PROPERTY (CL_INVALID_PLATFORM for
/// another platform).
cl_int checkContextProperties(const cl_context_properties* props,
                              std::vector<cl_context_properties>& out) {
    if (!props) return CL_SUCCESS;
    bool platformSeen = false, syncSeen = false;
    for (; props[0]; props += 2) {
        if (props[0] == CL_CONTEXT_PLATFORM) {
            if (platformSeen) return CL_INVALID_PROPERTY;
            platformSeen = true;
            if (!isOurPlatform(reinterpret_cast<cl_platform_id>(props[1])))
                return CL_INVALID_PLATFORM;
        } else if (props[0] == CL_CONTEXT_INTEROP_USER_SYNC) {
            // a cl_bool: CL_TRUE or CL_FALSE (4.4, "the value specified for a supported
            // property name is not valid")
            if (syncSeen || (props[1] != CL_TRUE && props[1] != CL_FALSE))
                return CL_INVALID_PROPERTY;
            syncSeen = true;
        } else {
            return CL_INVALID_PROPERTY;
        }
        out.push_back(props[0]);
        out.push_back(props[1]);
    }
    out.push_back(0);
    return CL_SUCCESS;
}

cl_context CL_API_CALL CreateContext(const cl_context_properties* props, cl_uint numDevices,
                                     const cl_device_id* devices, Context::Notify notify,
                                     void* userData, cl_int* errcodeRet) {
    return guardedCreate<cl_context>(errcodeRet, [&](cl_int& err) -> cl_context {
        if (!devices || numDevices == 0 || (!notify && userData)) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        for (cl_uint i = 0; i < numDevices; ++i)
            if (!isOurDevice(devices[i])) {
                err = CL_INVALID_DEVICE;
                return nullptr;
            }
        std::vector<cl_context_properties> p;
        if ((err = checkContextProperties(props, p)) != CL_SUCCESS) return nullptr;
        // A program that makes a context on clstep's device will build and launch on it: from
        // now on malloc keeps what each launch frees for the next one (before any thread of a
        // build or launch has an arena of its own; a program that only lists the platforms,
        // or uses another, keeps its malloc as it was).
        keepFreedMemory(DeviceSettings::get().keepMemory);
        return (new Context(std::move(p), notify, userData))->handle();
    });
}

cl_context CL_API_CALL CreateContextFromType(const cl_context_properties* props,
                                             cl_device_type type, Context::Notify notify,
                                             void* userData, cl_int* errcodeRet) {
    cl_device_id device = nullptr;
    cl_int err = GetDeviceIDs(nullptr, type, 1, &device, nullptr);
    if (err != CL_SUCCESS) {
        if (errcodeRet) *errcodeRet = err;
        return nullptr;
    }
    return CreateContext(props, 1, &device, notify, userData, errcodeRet);
}

cl_int CL_API_CALL RetainContext(cl_context context) {
    return guarded([&]() -> cl_int {
        Context* c = Context::from(context);
        if (!c) return CL_INVALID_CONTEXT;
        c->retain();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL ReleaseContext(cl_context context) {
    return guarded([&]() -> cl_int {
        Context* c = Context::from(context);
        if (!c) return CL_INVALID_CONTEXT;
        c->release();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetContextInfo(cl_context context, cl_context_info param, size_t size,
                                  void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        Context* c = Context::from(context);
        if (!c) return CL_INVALID_CONTEXT;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_CONTEXT_REFERENCE_COUNT:
            return a.scalar<cl_uint>(c->refCount());
        case CL_CONTEXT_NUM_DEVICES:
            return a.scalar<cl_uint>(1);
        case CL_CONTEXT_DEVICES:
            return a.scalar<cl_device_id>(Device::instance().handle());
        case CL_CONTEXT_PROPERTIES:
            return c->properties.empty() ? a.bytes(nullptr, 0) : a.array(c->properties);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL SetContextDestructorCallback(cl_context context,
                                                void(CL_CALLBACK* fn)(cl_context, void*),
                                                void* userData) {
    return guarded([&]() -> cl_int {
        Context* c = Context::from(context);
        if (!c) return CL_INVALID_CONTEXT;
        if (!fn) return CL_INVALID_VALUE;
        c->destructorCallbacks.emplace_back(fn, userData);
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL UnloadPlatformCompiler(cl_platform_id platform) {
    return guarded(
        [&]() -> cl_int { return isOurPlatform(platform) ? CL_SUCCESS : CL_INVALID_PLATFORM; });
}

cl_int CL_API_CALL UnloadCompiler() {
    return CL_SUCCESS;
}

cl_int CL_API_CALL GetHostTimer(cl_device_id device, cl_ulong* host) {
    return guarded([&]() -> cl_int {
        if (!isOurDevice(device)) return CL_INVALID_DEVICE;
        if (!host) return CL_INVALID_VALUE;
        *host = Event::nowNs();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetDeviceAndHostTimer(cl_device_id device, cl_ulong* dev, cl_ulong* host) {
    return guarded([&]() -> cl_int {
        if (!isOurDevice(device)) return CL_INVALID_DEVICE;
        if (!host || !dev) return CL_INVALID_VALUE;
        *host = *dev = Event::nowNs();
        return CL_SUCCESS;
    });
}

} // namespace

void fillPlatformApi(cl_icd_dispatch& d) {
    d.clGetPlatformIDs = GetPlatformIDs;
    d.clGetPlatformInfo = GetPlatformInfo;
    d.clGetDeviceIDs = GetDeviceIDs;
    d.clGetDeviceInfo = GetDeviceInfo;
    d.clCreateSubDevices = CreateSubDevices;
    d.clRetainDevice = RetainDevice;
    d.clReleaseDevice = ReleaseDevice;
    d.clCreateContext = CreateContext;
    d.clCreateContextFromType = CreateContextFromType;
    d.clRetainContext = RetainContext;
    d.clReleaseContext = ReleaseContext;
    d.clGetContextInfo = GetContextInfo;
    d.clSetContextDestructorCallback = SetContextDestructorCallback;
    d.clUnloadPlatformCompiler = UnloadPlatformCompiler;
    d.clUnloadCompiler = UnloadCompiler;
    d.clGetHostTimer = GetHostTimer;
    d.clGetDeviceAndHostTimer = GetDeviceAndHostTimer;
}

} // namespace clstep::ocl
