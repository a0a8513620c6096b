#include "Platform.h"

#include "ApiGuard.h"
#include "ImageFormats.h"
#include "frontend/OpenClFeatures.h"

#include <cstdio>

#include <thread>

namespace clstep::ocl {

Platform& Platform::instance() {
    static Platform* p = new Platform(); // never freed: handles stay valid until exit
    return *p;
}

namespace {

/// The extensions (API spec appendix "Extensions"; all version 1.0.0): the ICD, and the
/// OpenCL C ones the interpreter implements. Not cl_khr_subgroups: that extension requires
/// independent forward progress of sub-groups (CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS
/// = CL_TRUE, 3.0 API spec 4.2), which clstep does not have; sub-groups are the 3.0 optional
/// feature __opencl_c_subgroups (clGetKernelSubGroupInfo, the sub-group builtins).
constexpr const char* kExtensions[] = {
    "cl_khr_icd",
    "cl_khr_byte_addressable_store",
    "cl_khr_fp64",
    "cl_khr_fp16",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics",
    "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics",
    "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics",
    "cl_khr_3d_image_writes",
};

/// `name` at version `major.minor.0` as a cl_name_version.
cl_name_version nameVersion(const char* name, cl_uint major, cl_uint minor) {
    cl_name_version n{};
    n.version = CL_MAKE_VERSION(major, minor, 0);
    std::snprintf(n.name, sizeof n.name, "%s", name);
    return n;
}

} // namespace

std::string Platform::extensions() {
    std::string all;
    for (const char* e : kExtensions)
        all += (all.empty() ? "" : " ") + std::string(e);
    return all;
}

std::vector<cl_name_version> Platform::extensionsWithVersion() {
    std::vector<cl_name_version> v;
    for (const char* e : kExtensions)
        v.push_back(nameVersion(e, 1, 0));
    return v;
}

Device& Device::instance() {
    static Device* d = new Device();
    return *d;
}

cl_int Device::info(cl_device_info param, const InfoAnswer& a) const {
    const DeviceSettings& s = settings();
    auto sz = [&](size_t v) { return a.scalar<size_t>(v); };
    auto u = [&](cl_uint v) { return a.scalar<cl_uint>(v); };
    auto ul = [&](cl_ulong v) { return a.scalar<cl_ulong>(v); };
    auto b = [&](cl_bool v) { return a.scalar<cl_bool>(v); };
    const cl_device_fp_config fp = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST |
                                   CL_FP_ROUND_TO_ZERO | CL_FP_ROUND_TO_INF | CL_FP_FMA;
    switch (param) {
    case CL_DEVICE_TYPE:
        return a.scalar<cl_device_type>(CL_DEVICE_TYPE_CPU);
    case CL_DEVICE_VENDOR_ID:
        return u(0);
    case CL_DEVICE_MAX_COMPUTE_UNITS:
        return u(std::max(1u, std::thread::hardware_concurrency()));
    case CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS:
        return u(3);
    case CL_DEVICE_MAX_WORK_ITEM_SIZES:
        return a.array(std::vector<size_t>(3, s.maxWorkGroupSize));
    case CL_DEVICE_MAX_WORK_GROUP_SIZE:
        return sz(s.maxWorkGroupSize);
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_INT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE:
    case CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF:
        return u(1);
    case CL_DEVICE_MAX_CLOCK_FREQUENCY:
        return u(1);
    case CL_DEVICE_ADDRESS_BITS:
        return u(64);
    // Images (ApiImage.cpp): the minimums of table 4.3 (read_write images:
    // __opencl_c_read_write_images, 2.0's minimum of 64).
    case CL_DEVICE_MAX_READ_IMAGE_ARGS:
        return u(128);
    case CL_DEVICE_MAX_WRITE_IMAGE_ARGS:
        return u(64);
    case CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS:
        return u(64);
    case CL_DEVICE_MAX_SAMPLERS:
        return u(16);
    case CL_DEVICE_MAX_MEM_ALLOC_SIZE:
        return ul(s.globalMemSize);
    case CL_DEVICE_IMAGE2D_MAX_WIDTH:
    case CL_DEVICE_IMAGE2D_MAX_HEIGHT:
        return sz(imageformats::kMaxSize2D);
    case CL_DEVICE_IMAGE3D_MAX_WIDTH:
    case CL_DEVICE_IMAGE3D_MAX_HEIGHT:
    case CL_DEVICE_IMAGE3D_MAX_DEPTH:
        return sz(imageformats::kMaxSize3D);
    case CL_DEVICE_IMAGE_MAX_BUFFER_SIZE:
        return sz(imageformats::kMaxBufferTexels);
    case CL_DEVICE_IMAGE_MAX_ARRAY_SIZE:
        return sz(imageformats::kMaxArrayLayers);
    case CL_DEVICE_IMAGE_SUPPORT:
        return b(CL_TRUE);
    case CL_DEVICE_MAX_PARAMETER_SIZE:
        return sz(1024);
    case CL_DEVICE_MEM_BASE_ADDR_ALIGN:
        return u(1024);
    case CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE:
        return u(128);
    case CL_DEVICE_SINGLE_FP_CONFIG:
    case CL_DEVICE_DOUBLE_FP_CONFIG:
        return a.scalar<cl_device_fp_config>(fp);
    case CL_DEVICE_HALF_FP_CONFIG:
        return a.scalar<cl_device_fp_config>(fp);
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
        return a.scalar<cl_device_mem_cache_type>(CL_NONE);
    case CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE:
        return u(0);
    case CL_DEVICE_GLOBAL_MEM_CACHE_SIZE:
        return ul(0);
    case CL_DEVICE_GLOBAL_MEM_SIZE:
        return ul(s.globalMemSize);
    case CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE:
        return ul(64 * 1024);
    case CL_DEVICE_MAX_CONSTANT_ARGS:
        return u(8);
    case CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE:
        return sz(64 * 1024);
    case CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE:
        return sz(64 * 1024);
    case CL_DEVICE_LOCAL_MEM_TYPE:
        return a.scalar<cl_device_local_mem_type>(CL_GLOBAL);
    case CL_DEVICE_LOCAL_MEM_SIZE:
        return ul(s.localMemSize);
    case CL_DEVICE_ERROR_CORRECTION_SUPPORT:
        return b(CL_FALSE);
    case CL_DEVICE_HOST_UNIFIED_MEMORY:
        return b(CL_TRUE);
    case CL_DEVICE_PROFILING_TIMER_RESOLUTION:
        return sz(1);
    case CL_DEVICE_ENDIAN_LITTLE:
        return b(s.bigEndian ? CL_FALSE : CL_TRUE);
    case CL_DEVICE_AVAILABLE:
    case CL_DEVICE_COMPILER_AVAILABLE:
    case CL_DEVICE_LINKER_AVAILABLE:
        return b(CL_TRUE);
    case CL_DEVICE_EXECUTION_CAPABILITIES:
        return a.scalar<cl_device_exec_capabilities>(CL_EXEC_KERNEL);
    case CL_DEVICE_QUEUE_PROPERTIES: // == CL_DEVICE_QUEUE_ON_HOST_PROPERTIES
        return a.scalar<cl_command_queue_properties>(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE |
                                                     CL_QUEUE_PROFILING_ENABLE);
    case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
        return a.scalar<cl_command_queue_properties>(0);
    case CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE:
    case CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE:
    case CL_DEVICE_MAX_ON_DEVICE_QUEUES:
    case CL_DEVICE_MAX_ON_DEVICE_EVENTS:
        return u(0);
    case CL_DEVICE_PLATFORM:
        return a.scalar<cl_platform_id>(Platform::instance().handle());
    case CL_DEVICE_NAME:
        return a.string("clstep");
    case CL_DEVICE_VENDOR:
        return a.string("clstep");
    case CL_DRIVER_VERSION:
        return a.string("0.1.0");
    case CL_DEVICE_PROFILE:
        return a.string("FULL_PROFILE");
    case CL_DEVICE_VERSION:
        return a.string("OpenCL 3.0 clstep");
    case CL_DEVICE_OPENCL_C_VERSION: // a 3.0 device: the highest 1.x version (deprecated query)
        return a.string("OpenCL C 1.2 clstep");
    case CL_DEVICE_EXTENSIONS:
        return a.string(Platform::extensions());
    case CL_DEVICE_BUILT_IN_KERNELS:
        return a.string("");
    case CL_DEVICE_PRINTF_BUFFER_SIZE:
        return sz(1 << 20);
    case CL_DEVICE_PREFERRED_INTEROP_USER_SYNC:
        return b(CL_TRUE);
    case CL_DEVICE_PARENT_DEVICE:
        return a.scalar<cl_device_id>(nullptr);
    case CL_DEVICE_PARTITION_MAX_SUB_DEVICES:
        return u(0);
    case CL_DEVICE_PARTITION_PROPERTIES:
        return a.array(std::vector<cl_device_partition_property>{0});
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
        return a.scalar<cl_device_affinity_domain>(0);
    case CL_DEVICE_PARTITION_TYPE:
        return a.bytes(nullptr, 0);
    case CL_DEVICE_REFERENCE_COUNT:
        return u(1);
    case CL_DEVICE_SVM_CAPABILITIES:
        return a.scalar<cl_device_svm_capabilities>(0);
    case CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT:
    case CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT:
        return u(0);
    case CL_DEVICE_MAX_PIPE_ARGS:
    case CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS:
    case CL_DEVICE_PIPE_MAX_PACKET_SIZE:
        return u(0);
    case CL_DEVICE_MAX_NUM_SUB_GROUPS:
        return u(static_cast<cl_uint>(s.maxWorkGroupSize / s.subGroupSize));
    case CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS:
        return b(CL_FALSE);
    case CL_DEVICE_IL_VERSION:
        return a.string("");
    case CL_DEVICE_NUMERIC_VERSION:
        return a.scalar<cl_version>(CL_MAKE_VERSION(3, 0, 0));
    // C11 atomics (__opencl_c_atomic_order_*, __opencl_c_atomic_scope_*): every order and
    // scope; work-item scope only for fences (atomic_work_item_fence).
    case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
        return a.scalar<cl_device_atomic_capabilities>(
            CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
            CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
            CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
    case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
        return a.scalar<cl_device_atomic_capabilities>(
            CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
            CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM |
            CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
            CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
    case CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT:
    case CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT:
    case CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT:
        return b(CL_TRUE);
    case CL_DEVICE_PIPE_SUPPORT:
        return b(CL_FALSE);
    case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
        return a.scalar<cl_device_device_enqueue_capabilities>(0);
    case CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
        return sz(s.preferredWorkGroupSizeMultiple());
    case CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED:
        // The vYYYY-MM-DD-XX form the query requires; clstep never passed the conformance
        // process, so no real CTS version.
        return a.string("v0000-01-01-00");
    case CL_DEVICE_EXTENSIONS_WITH_VERSION:
        return a.array(Platform::extensionsWithVersion());
    case CL_DEVICE_ILS_WITH_VERSION: // no IL
    case CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION:
        return a.bytes(nullptr, 0);
    case CL_DEVICE_OPENCL_C_ALL_VERSIONS: {
        std::vector<cl_name_version> v;
        for (auto [maj, min] : {std::pair{1u, 0u}, {1u, 1u}, {1u, 2u}, {2u, 0u}, {3u, 0u}})
            v.push_back(nameVersion("OpenCL C", maj, min));
        return a.array(v);
    }
    case CL_DEVICE_OPENCL_C_FEATURES: { // the macros -cl-std=CL3.0 defines
        std::vector<cl_name_version> v;
        for (const OpenClFeature& f : openClFeatures())
            v.push_back(nameVersion(f.name, 3, 0));
        return a.array(v);
    }
    case CL_DEVICE_IMAGE_PITCH_ALIGNMENT:
    case CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT:
        return u(0); // no 2D images from buffers (cl_khr_image2d_from_buffer): 0 (API spec 4.2)
    default:
        return CL_INVALID_VALUE;
    }
}

} // namespace clstep::ocl
