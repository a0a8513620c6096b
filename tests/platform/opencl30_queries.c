/* clstep as an OpenCL 3.0 platform (issue #29, item 2): every 2.x/3.0 platform, device,
 * kernel and program query with its value AND its param_value_size_ret, the bad calls of
 * those queries (too small a buffer, an unknown query, bad sub-group inputs), the entry points
 * of the features clstep does not have (SVM, pipes, IL, device-side queues), and a kernel built
 * with -cl-std=CL3.0 that uses the feature macros, generic pointers, C11 atomics on a
 * program-scope variable (which keeps its value from one launch to the next), work-group and
 * sub-group collectives and a non-uniform work-group. Also: every feature of
 * CL_DEVICE_OPENCL_C_FEATURES is defined for -cl-std=CL3.0, and pipes / device-side enqueue
 * are not. CTest case platform.opencl30_queries; prints each failed check, exits 1 if any. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"

static cl_device_id device;

/* A program release callback (never registered: clstep has no program-scope destructors). */
static void CL_CALLBACK onProgramRelease(cl_program p, void* data) {
    (void)p;
    (void)data;
}

/* A scalar device query of type T: checks CL_SUCCESS, size_ret == sizeof(T) and the value;
 * then the same query with a buffer one byte short: CL_INVALID_VALUE. */
#define CHECK_DEVICE_SCALAR(T, param, want)                                                        \
    do {                                                                                           \
        T v_ = 0;                                                                                  \
        size_t s_ = 0;                                                                             \
        CHECK_EQ(clGetDeviceInfo(device, param, sizeof v_, &v_, &s_), CL_SUCCESS);                 \
        CHECK_EQ(s_, sizeof(T));                                                                   \
        CHECK_EQ(v_, want);                                                                        \
        CHECK_EQ(clGetDeviceInfo(device, param, sizeof v_ - 1, &v_, NULL), CL_INVALID_VALUE);      \
    } while (0)

/* A string device query: the value and size_ret == strlen + 1. */
static void checkDeviceString(cl_device_info param, const char* want, int line) {
    char text[1024] = "";
    size_t size = 0;
    CHECK_EQ(clGetDeviceInfo(device, param, sizeof text, text, &size), CL_SUCCESS);
    CHECK_EQ(size, strlen(want) + 1);
    if (strcmp(text, want) != 0) {
        ++failures;
        fprintf(stderr, "opencl30_queries.c:%d: got \"%s\", expected \"%s\"\n", line, text, want);
    }
}
#define CHECK_DEVICE_STRING(param, want) checkDeviceString(param, want, __LINE__)

/* A cl_name_version array query (device or platform): returns its entries (malloc'd) and
 * their count, after checking that size_ret is a multiple of sizeof(cl_name_version). */
static cl_name_version* nameVersions(cl_platform_id platform, cl_uint param, size_t* count) {
    size_t size = 1;
    cl_int err = platform ? clGetPlatformInfo(platform, param, 0, NULL, &size)
                          : clGetDeviceInfo(device, param, 0, NULL, &size);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(size % sizeof(cl_name_version), 0);
    *count = size / sizeof(cl_name_version);
    cl_name_version* v = calloc(*count + 1, sizeof *v);
    if (size) {
        err = platform ? clGetPlatformInfo(platform, param, size, v, NULL)
                       : clGetDeviceInfo(device, param, size, v, NULL);
        CHECK_EQ(err, CL_SUCCESS);
        /* one byte short */
        err = platform ? clGetPlatformInfo(platform, param, size - 1, v, NULL)
                       : clGetDeviceInfo(device, param, size - 1, v, NULL);
        CHECK_EQ(err, CL_INVALID_VALUE);
    }
    return v;
}

/* 1 if `v` (count entries) holds `name` at version major.minor.0. */
static int hasNameVersion(const cl_name_version* v, size_t count, const char* name, cl_uint major,
                          cl_uint minor) {
    for (size_t i = 0; i < count; ++i)
        if (strcmp(v[i].name, name) == 0 && v[i].version == CL_MAKE_VERSION(major, minor, 0))
            return 1;
    return 0;
}

/* Builds `source` with `options` in `ctx`; returns clBuildProgram's code (the log on
 * stderr when it is not the expected `want`). */
static cl_int buildWith(cl_context ctx, const char* source, const char* options, cl_int want) {
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    err = clBuildProgram(p, 1, &device, options, NULL, NULL);
    if (err != want) {
        char log[4096] = "";
        clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build with '%s' gave %d:\n%s\n%s\n", options, err, source, log);
    }
    clReleaseProgram(p);
    return err;
}

/* The -cl-std=CL3.0 kernel: generic pointers (private, local and global memory through one
 * function), to_global, get_fence, C11 atomics on a program-scope atomic_int, work-group and
 * sub-group reductions; `hits` lives as long as the program. */
static const char* kSource30 =
    "#if !defined(__opencl_c_generic_address_space) || "
    "!defined(__opencl_c_program_scope_global_variables)\n"
    "#error feature macros missing\n"
    "#endif\n"
    "#if __OPENCL_C_VERSION__ != 300\n"
    "#error not OpenCL C 3.0\n"
    "#endif\n"
    "global atomic_int hits = ATOMIC_VAR_INIT(0);\n"
    "global int total;\n"
    "int twice(int* p) { return 2 * *p; }\n"
    "int isGlobal(int* p) { return to_global(p) != NULL; }\n"
    "cl_mem_fence_flags fenceOf(int* p) { return get_fence(p); }\n"
    "kernel void gen(global int* out, local int* tmp) {\n"
    "    int i = (int)get_global_id(0);\n"
    "    int mine = i;\n"
    "    tmp[get_local_id(0)] = 10 * i;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    out[4 * i] = twice(&mine) + twice(&tmp[get_local_id(0)]);\n"
    "    out[4 * i + 1] = isGlobal(&out[0]) + 2 * isGlobal(&mine) + 4 * fenceOf(&out[0]) +\n"
    "                     16 * fenceOf(&tmp[0]) + 64 * fenceOf(&mine);\n"
    "    out[4 * i + 2] = work_group_reduce_add(i) + 1000 * (int)get_local_size(0);\n"
    "    out[4 * i + 3] = sub_group_reduce_add(1);\n"
    "    atomic_fetch_add_explicit(&hits, 1, memory_order_acq_rel, memory_scope_device);\n"
    "    if (i == 0) total += 1;\n"
    "}\n"
    "kernel void count(global int* out) {\n"
    "    out[0] = atomic_load_explicit(&hits, memory_order_seq_cst, memory_scope_all_devices);\n"
    "    out[1] = total;\n"
    "}\n";

int main(void) {
    cl_int err;
    size_t size;
    char text[4096];

    /* ---- platform ---- */
    cl_platform_id platform = NULL;
    CHECK_EQ(clGetPlatformIDs(1, &platform, NULL), CL_SUCCESS);
    CHECK_EQ(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof text, text, &size),
             CL_SUCCESS);
    CHECK(strcmp(text, "OpenCL 3.0 clstep") == 0);
    CHECK_EQ(size, strlen("OpenCL 3.0 clstep") + 1);
    cl_version version = 0;
    CHECK_EQ(
        clGetPlatformInfo(platform, CL_PLATFORM_NUMERIC_VERSION, sizeof version, &version, &size),
        CL_SUCCESS);
    CHECK_EQ(size, sizeof(cl_version));
    CHECK_EQ(version, CL_MAKE_VERSION(3, 0, 0));
    CHECK_EQ(clGetPlatformInfo(platform, CL_PLATFORM_NUMERIC_VERSION, 2, &version, NULL),
             CL_INVALID_VALUE);
    cl_ulong resolution = 0;
    CHECK_EQ(clGetPlatformInfo(platform, CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof resolution,
                               &resolution, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(cl_ulong));
    CHECK_EQ(resolution, 1);
    /* CL_PLATFORM_EXTENSIONS_WITH_VERSION: exactly the names of CL_PLATFORM_EXTENSIONS. */
    char extensions[4096] = "";
    CHECK_EQ(
        clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS, sizeof extensions, extensions, NULL),
        CL_SUCCESS);
    size_t count = 0;
    cl_name_version* v = nameVersions(platform, CL_PLATFORM_EXTENSIONS_WITH_VERSION, &count);
    size_t words = 0;
    for (char* w = strtok(extensions, " "); w; w = strtok(NULL, " ")) {
        ++words;
        CHECK(hasNameVersion(v, count, w, 1, 0));
    }
    CHECK_EQ(count, words);
    CHECK(hasNameVersion(v, count, "cl_khr_icd", 1, 0));
    free(v);
    CHECK_EQ(clGetPlatformInfo(platform, 0x7777, sizeof text, text, NULL), CL_INVALID_VALUE);

    /* ---- device versions ---- */
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), CL_SUCCESS);
    CHECK_DEVICE_STRING(CL_DEVICE_VERSION, "OpenCL 3.0 clstep");
    /* A 3.0 device reports the highest OpenCL C 1.x version here (API spec 4.2). */
    CHECK_DEVICE_STRING(CL_DEVICE_OPENCL_C_VERSION, "OpenCL C 1.2 clstep");
    CHECK_DEVICE_SCALAR(cl_version, CL_DEVICE_NUMERIC_VERSION, CL_MAKE_VERSION(3, 0, 0));
    CHECK_DEVICE_STRING(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, "v0000-01-01-00");
    CHECK_DEVICE_STRING(CL_DEVICE_IL_VERSION, "");
    CHECK_DEVICE_STRING(CL_DEVICE_BUILT_IN_KERNELS, "");

    v = nameVersions(NULL, CL_DEVICE_OPENCL_C_ALL_VERSIONS, &count);
    CHECK_EQ(count, 5);
    CHECK(hasNameVersion(v, count, "OpenCL C", 1, 0));
    CHECK(hasNameVersion(v, count, "OpenCL C", 1, 1));
    CHECK(hasNameVersion(v, count, "OpenCL C", 1, 2));
    CHECK(hasNameVersion(v, count, "OpenCL C", 2, 0));
    CHECK(hasNameVersion(v, count, "OpenCL C", 3, 0));
    free(v);

    static const char* const kFeatures[] = {"__opencl_c_generic_address_space",
                                            "__opencl_c_program_scope_global_variables",
                                            "__opencl_c_work_group_collective_functions",
                                            "__opencl_c_int64",
                                            "__opencl_c_atomic_order_acq_rel",
                                            "__opencl_c_atomic_order_seq_cst",
                                            "__opencl_c_atomic_scope_device",
                                            "__opencl_c_atomic_scope_all_devices",
                                            "__opencl_c_images",
                                            "__opencl_c_read_write_images",
                                            "__opencl_c_3d_image_writes",
                                            "__opencl_c_subgroups",
                                            "__opencl_c_fp64"};
    const size_t numFeatures = sizeof kFeatures / sizeof kFeatures[0];
    cl_name_version* features = nameVersions(NULL, CL_DEVICE_OPENCL_C_FEATURES, &count);
    size_t featureCount = count;
    CHECK_EQ(featureCount, numFeatures);
    for (size_t i = 0; i < numFeatures; ++i)
        CHECK(hasNameVersion(features, featureCount, kFeatures[i], 3, 0));
    CHECK(!hasNameVersion(features, featureCount, "__opencl_c_pipes", 3, 0));
    CHECK(!hasNameVersion(features, featureCount, "__opencl_c_device_enqueue", 3, 0));

    char devExtensions[4096] = "";
    CHECK_EQ(
        clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof devExtensions, devExtensions, NULL),
        CL_SUCCESS);
    /* Sub-groups are the 3.0 feature __opencl_c_subgroups, not cl_khr_subgroups: the extension
     * requires CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS = CL_TRUE (3.0 API spec, table
     * of device queries), and clstep's sub-groups make no independent forward progress. */
    CHECK(strstr(devExtensions, "cl_khr_subgroups") == NULL);
    CHECK(strstr(devExtensions, "cl_khr_3d_image_writes") != NULL);
    v = nameVersions(NULL, CL_DEVICE_EXTENSIONS_WITH_VERSION, &count);
    words = 0;
    for (char* w = strtok(devExtensions, " "); w; w = strtok(NULL, " ")) {
        ++words;
        CHECK(hasNameVersion(v, count, w, 1, 0));
    }
    CHECK_EQ(count, words);
    free(v);
    v = nameVersions(NULL, CL_DEVICE_ILS_WITH_VERSION, &count);
    CHECK_EQ(count, 0);
    free(v);
    v = nameVersions(NULL, CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, &count);
    CHECK_EQ(count, 0);
    free(v);

    /* ---- the 2.x/3.0 capability queries ---- */
    CHECK_DEVICE_SCALAR(cl_device_atomic_capabilities, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES,
                        CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                            CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP |
                            CL_DEVICE_ATOMIC_SCOPE_DEVICE | CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
    CHECK_DEVICE_SCALAR(cl_device_atomic_capabilities, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES,
                        CL_DEVICE_ATOMIC_ORDER_RELAXED | CL_DEVICE_ATOMIC_ORDER_ACQ_REL |
                            CL_DEVICE_ATOMIC_ORDER_SEQ_CST | CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM |
                            CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP | CL_DEVICE_ATOMIC_SCOPE_DEVICE |
                            CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES);
    CHECK_DEVICE_SCALAR(size_t, CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, 65536);
    CHECK_DEVICE_SCALAR(size_t, CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, 65536);
    CHECK_DEVICE_SCALAR(cl_bool, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, CL_TRUE);
    CHECK_DEVICE_SCALAR(cl_bool, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, CL_TRUE);
    CHECK_DEVICE_SCALAR(cl_bool, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, CL_TRUE);
    size_t maxWg = 0;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxWg, &maxWg, NULL),
             CL_SUCCESS);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_MAX_NUM_SUB_GROUPS, (cl_uint)maxWg); /* size 1 */
    CHECK_DEVICE_SCALAR(cl_bool, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, CL_FALSE);
    /* A performance hint: 32 work-items by default (docs/platform.md). */
    CHECK_DEVICE_SCALAR(size_t, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, 32);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, 64);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_MAX_WRITE_IMAGE_ARGS, 64);
    /* No 2D images from buffers (cl_khr_image2d_from_buffer is not advertised): both 0. */
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, 0);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, 0);
    /* Not advertised: SVM, pipes, device-side enqueue and queues. */
    CHECK_DEVICE_SCALAR(cl_device_svm_capabilities, CL_DEVICE_SVM_CAPABILITIES, 0);
    CHECK_DEVICE_SCALAR(cl_bool, CL_DEVICE_PIPE_SUPPORT, CL_FALSE);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_MAX_PIPE_ARGS, 0);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, 0);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_PIPE_MAX_PACKET_SIZE, 0);
    CHECK_DEVICE_SCALAR(cl_device_device_enqueue_capabilities,
                        CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, 0);
    CHECK_DEVICE_SCALAR(cl_command_queue_properties, CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, 0);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, 0);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, 0);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_MAX_ON_DEVICE_QUEUES, 0);
    CHECK_DEVICE_SCALAR(cl_uint, CL_DEVICE_MAX_ON_DEVICE_EVENTS, 0);
    CHECK_DEVICE_SCALAR(cl_command_queue_properties, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES,
                        CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
    CHECK_EQ(clGetDeviceInfo(device, 0x7777, sizeof text, text, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetDeviceInfo(device, 0x7777, 0, NULL, &size), CL_INVALID_VALUE);

    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);

    /* ---- the features a -cl-std=CL3.0 kernel sees: exactly CL_DEVICE_OPENCL_C_FEATURES ---- */
    for (size_t i = 0; i < featureCount; ++i) {
        char source[512];
        snprintf(source, sizeof source,
                 "#ifndef %s\n#error missing\n#endif\nkernel void k(global int* a) { a[0] = 1; }\n",
                 features[i].name);
        CHECK_EQ(buildWith(ctx, source, "-cl-std=CL3.0", CL_SUCCESS), CL_SUCCESS);
    }
    free(features);
    CHECK_EQ(
        buildWith(ctx,
                  "#if defined(__opencl_c_pipes) || defined(__opencl_c_device_enqueue)\n"
                  "#error not advertised\n#endif\nkernel void k(global int* a) { a[0] = 1; }\n",
                  "-cl-std=CL3.0", CL_SUCCESS),
        CL_SUCCESS);
    /* OpenCL C 1.2 has no feature macros; CL2.0 and CL3.0 build, CL4.0 is no option. */
    CHECK_EQ(buildWith(ctx,
                       "#ifdef __opencl_c_generic_address_space\n#error 1.2\n#endif\n"
                       "kernel void k(global int* a) { a[0] = 1; }\n",
                       "-cl-std=CL1.2", CL_SUCCESS),
             CL_SUCCESS);
    CHECK_EQ(buildWith(ctx, "kernel void k(global int* a) { int* p = a; *p = 1; }\n",
                       "-cl-std=CL2.0", CL_SUCCESS),
             CL_SUCCESS);
    CHECK_EQ(buildWith(ctx, "kernel void k(global int* a) { a[0] = 1; }\n", "-cl-std=CL4.0",
                       CL_INVALID_BUILD_OPTIONS),
             CL_INVALID_BUILD_OPTIONS);

    /* ---- a -cl-std=CL3.0 kernel ---- */
    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource30, NULL, &err);
    CHECK_EQ(buildWith(ctx, kSource30, "-cl-std=CL3.0", CL_SUCCESS), CL_SUCCESS);
    CHECK_EQ(clBuildProgram(prog, 1, &device, "-cl-std=CL3.0", NULL, NULL), CL_SUCCESS);
    size_t globalBytes = 0;
    CHECK_EQ(clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                   sizeof globalBytes, &globalBytes, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(globalBytes, 8); /* hits and total */
    cl_kernel gen = clCreateKernel(prog, "gen", &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_kernel cnt = clCreateKernel(prog, "count", &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    enum { N = 10 };
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * N * sizeof(cl_int), NULL, &err);
    CHECK_EQ(clSetKernelArg(gen, 0, sizeof out, &out), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(gen, 1, 4 * sizeof(cl_int), NULL), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(cnt, 0, sizeof out, &out), CL_SUCCESS);
    /* Non-uniform: 10 work-items in work-groups of 4 (4, 4, 2), twice. */
    size_t global = N, local = 4;
    CHECK_EQ(clEnqueueNDRangeKernel(q, gen, 1, NULL, &global, &local, 0, NULL, NULL), CL_SUCCESS);
    cl_int result[4 * N];
    CHECK_EQ(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL),
             CL_SUCCESS);
    for (int i = 0; i < N; ++i) {
        const int group = i / 4, first = 4 * group, items = group == 2 ? 2 : 4;
        int sum = 0;
        for (int j = first; j < first + items; ++j)
            sum += j;
        CHECK_EQ(result[4 * i], 2 * i + 20 * i);
        /* &out[0] is global, &mine is not; get_fence: global 2, local 1, private 0 */
        CHECK_EQ(result[4 * i + 1], 1 + 4 * 2 + 16 * 1);
        CHECK_EQ(result[4 * i + 2], sum + 1000 * items);
        CHECK_EQ(result[4 * i + 3], 1); /* sub-groups of one work-item */
    }
    CHECK_EQ(clEnqueueNDRangeKernel(q, gen, 1, NULL, &global, &local, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueTask(q, cnt, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 2 * sizeof(cl_int), result, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(result[0], 2 * N); /* the program-scope atomic kept its value between launches */
    CHECK_EQ(result[1], 2);
    /* -cl-uniform-work-group-size: the local size must divide the global size again. */
    cl_program uniformProg = clCreateProgramWithSource(ctx, 1, &kSource30, NULL, &err);
    CHECK_EQ(clBuildProgram(uniformProg, 1, &device, "-cl-std=CL3.0 -cl-uniform-work-group-size",
                            NULL, NULL),
             CL_SUCCESS);
    cl_kernel uniformGen = clCreateKernel(uniformProg, "gen", &err);
    CHECK_EQ(clSetKernelArg(uniformGen, 0, sizeof out, &out), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(uniformGen, 1, 4 * sizeof(cl_int), NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueNDRangeKernel(q, uniformGen, 1, NULL, &global, &local, 0, NULL, NULL),
             CL_INVALID_WORK_GROUP_SIZE);
    clReleaseKernel(uniformGen);
    clReleaseProgram(uniformProg);
    /* A rebuild starts the variables again from their initializers. */
    cl_program prog2 = clCreateProgramWithSource(ctx, 1, &kSource30, NULL, &err);
    CHECK_EQ(clBuildProgram(prog2, 1, &device, "-cl-std=CL3.0", NULL, NULL), CL_SUCCESS);
    cl_kernel cnt2 = clCreateKernel(prog2, "count", &err);
    CHECK_EQ(clSetKernelArg(cnt2, 0, sizeof out, &out), CL_SUCCESS);
    CHECK_EQ(clEnqueueTask(q, cnt2, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, out, CL_TRUE, 0, 2 * sizeof(cl_int), result, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(result[0], 0);
    CHECK_EQ(result[1], 0);

    /* ---- sub-group queries (API spec 5.9.4) ---- */
    size_t answer = 0, local3[3] = {8, 2, 1};
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                     sizeof local3, local3, sizeof answer, &answer, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(answer, 1);
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                     sizeof local3, local3, sizeof answer, &answer, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(answer, 16);
    CHECK_EQ(clGetKernelSubGroupInfo(gen, NULL, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
                                     sizeof answer, &answer, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(answer, maxWg);
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, NULL,
                                     sizeof answer, &answer, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(answer, 0);
    size_t want = 5, localOut[3] = {9, 9, 9};
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                     sizeof want, &want, sizeof localOut, localOut, &size),
             CL_SUCCESS);
    CHECK_EQ(size, 3 * sizeof(size_t));
    CHECK_EQ(localOut[0], 5);
    CHECK_EQ(localOut[1], 1);
    CHECK_EQ(localOut[2], 1);
    want = maxWg + 1; /* more sub-groups than a work-group holds: zeros */
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                     sizeof want, &want, sizeof(size_t), localOut, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(localOut[0], 0);
    /* Bad calls: no input, a bad input size, an unknown query, too small an answer. */
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                     sizeof local3, NULL, sizeof answer, &answer, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, 5,
                                     local3, sizeof answer, &answer, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT,
                                     2 * sizeof want, local3, sizeof localOut, localOut, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, 0x7777, 0, NULL, sizeof answer, &answer, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clGetKernelSubGroupInfo(gen, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, 4, &answer,
                                     NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clGetKernelSubGroupInfo((cl_kernel)ctx, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL,
                                     sizeof answer, &answer, NULL),
             CL_INVALID_KERNEL);
    /* clGetKernelSubGroupInfoKHR (cl_khr_subgroups) is not checked: the ICD loader answers
     * clGetExtensionFunctionAddressForPlatform for it itself, and a non-NULL answer does not
     * mean the extension is supported (API spec 9.2). */
    /* The work-group queries of 2.x/3.0: the global work size is for custom devices only. */
    size_t wg3[3];
    CHECK_EQ(
        clGetKernelWorkGroupInfo(gen, device, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof wg3, wg3, NULL),
        CL_INVALID_VALUE);
    CHECK_EQ(clGetKernelWorkGroupInfo(gen, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                      sizeof answer, &answer, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(answer, 32);

    /* ---- the features clstep does not have: the spec's codes ---- */
    CHECK(clSVMAlloc(ctx, CL_MEM_READ_WRITE, 64, 0) == NULL);
    int hostInt = 0;
    CHECK_EQ(clEnqueueSVMMemcpy(q, CL_TRUE, &hostInt, &hostInt, sizeof hostInt, 0, NULL, NULL),
             CL_INVALID_OPERATION);
    CHECK_EQ(
        clEnqueueSVMMemFill(q, &hostInt, &hostInt, sizeof hostInt, sizeof hostInt, 0, NULL, NULL),
        CL_INVALID_OPERATION);
    CHECK_EQ(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, &hostInt, sizeof hostInt, 0, NULL, NULL),
             CL_INVALID_OPERATION);
    CHECK_EQ(clEnqueueSVMUnmap(q, &hostInt, 0, NULL, NULL), CL_INVALID_OPERATION);
    CHECK_EQ(clSetKernelArgSVMPointer(gen, 0, &hostInt), CL_INVALID_OPERATION);
    clCreatePipe(ctx, CL_MEM_READ_WRITE, 4, 16, NULL, &err);
    CHECK_EQ(err, CL_INVALID_OPERATION);
    static const unsigned char spirv[] = {0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0};
    CHECK(clCreateProgramWithIL(ctx, spirv, sizeof spirv, &err) == NULL);
    CHECK_EQ(err, CL_INVALID_OPERATION);
    CHECK_EQ(clSetProgramReleaseCallback(prog, onProgramRelease, NULL), CL_INVALID_OPERATION);
    cl_uint specValue = 42;
    CHECK_EQ(clSetProgramSpecializationConstant(prog, 0, sizeof specValue, &specValue),
             CL_INVALID_OPERATION); /* no IL programs */
    CHECK_EQ(clSetProgramSpecializationConstant((cl_program)ctx, 0, sizeof specValue, &specValue),
             CL_INVALID_PROGRAM);
    /* A 2D image from a buffer: not supported (3.0: CL_INVALID_OPERATION). */
    cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc fromBuffer = {0};
    fromBuffer.image_type = CL_MEM_OBJECT_IMAGE2D;
    fromBuffer.image_width = 2;
    fromBuffer.image_height = 2;
    fromBuffer.mem_object = out;
    CHECK(clCreateImage(ctx, CL_MEM_READ_ONLY, &rgba8, &fromBuffer, NULL, &err) == NULL);
    CHECK_EQ(err, CL_INVALID_OPERATION);
    CHECK(clCreateImageWithProperties(ctx, NULL, CL_MEM_READ_ONLY, &rgba8, &fromBuffer, NULL,
                                      &err) == NULL);
    CHECK_EQ(err, CL_INVALID_OPERATION);
    cl_queue_properties onDevice[] = {
        CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_ON_DEVICE, 0};
    CHECK(clCreateCommandQueueWithProperties(ctx, device, onDevice, &err) == NULL);
    CHECK_EQ(err, CL_INVALID_QUEUE_PROPERTIES);
    /* CL_QUEUE_PROPERTIES_ARRAY: the properties as given (none: size 0). */
    cl_queue_properties profiling[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, device, profiling, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_queue_properties gotProps[8];
    CHECK_EQ(clGetCommandQueueInfo(q2, CL_QUEUE_PROPERTIES_ARRAY, sizeof gotProps, gotProps, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof profiling);
    CHECK_EQ(gotProps[1], CL_QUEUE_PROFILING_ENABLE);
    CHECK_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, sizeof gotProps, gotProps, &size),
             CL_SUCCESS);
    CHECK_EQ(size, 0);
    cl_command_queue defaultQueue = q;
    CHECK_EQ(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE_DEFAULT, sizeof defaultQueue, &defaultQueue,
                                   &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(cl_command_queue));
    CHECK(defaultQueue == NULL);
    /* 3.0 buffer properties: CL_MEM_PROPERTIES gives them back. */
    cl_mem_properties noProps[] = {0};
    cl_mem withProps =
        clCreateBufferWithProperties(ctx, noProps, CL_MEM_READ_WRITE, 16, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clGetMemObjectInfo(withProps, CL_MEM_PROPERTIES, 0, NULL, &size), CL_SUCCESS);
    CHECK_EQ(size, sizeof(cl_mem_properties));
    cl_bool usesSvm = CL_TRUE;
    CHECK_EQ(
        clGetMemObjectInfo(withProps, CL_MEM_USES_SVM_POINTER, sizeof usesSvm, &usesSvm, &size),
        CL_SUCCESS);
    CHECK_EQ(usesSvm, CL_FALSE);
    cl_mem_properties badProps[] = {0x7777, 1, 0};
    clCreateBufferWithProperties(ctx, badProps, CL_MEM_READ_WRITE, 16, NULL, &err);
    CHECK_EQ(err, CL_INVALID_PROPERTY);

    clReleaseMemObject(withProps);
    clReleaseCommandQueue(q2);
    clReleaseKernel(cnt2);
    clReleaseProgram(prog2);
    clReleaseKernel(gen);
    clReleaseKernel(cnt);
    clReleaseMemObject(out);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
