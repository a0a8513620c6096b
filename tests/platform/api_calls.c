/* Calls every OpenCL entry point of clstep's platform with good and bad arguments through the
 * Khronos ICD loader (-lOpenCL), and checks each result against the code the OpenCL spec names.
 * Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest case platform.api_calls).
 * Prints one line per failed check and exits 1 if any failed. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#include <CL/cl.h>
#include <CL/cl_ext.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"

static int callbackCount = 0;
static void CL_CALLBACK onEvent(cl_event e, cl_int status, void* data) {
    (void)e;
    (void)status;
    ++*(int*)data;
}
static int destructorCount = 0;
static void CL_CALLBACK onMemDestroyed(cl_mem m, void* data) {
    (void)m;
    ++*(int*)data;
}

static const char* kSource =
    "__kernel void scale(__global float* a, float f, __local float* tmp) {\n"
    "    size_t i = get_global_id(0);\n"
    "    tmp[get_local_id(0)] = a[i] * f;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    a[i] = tmp[get_local_id(0)];\n"
    "}\n"
    "__kernel void offsets(__global uint* out) {\n"
    "    out[get_global_id(0) - get_global_offset(0)] = (uint)get_global_id(0);\n"
    "}\n"
    "__kernel void oob(__global int* a) { a[get_global_id(0) + 100] = 1; }\n"
    "__kernel void task(__global int* a, const int v) { a[0] = v; }\n";

int main(int argc, char** argv) {
    /* --expect-big-endian: only check that the device reports big-endian byte order (run under
     * `clstep-cli exec --device-endian big`). */
    int expectBig = argc > 1 && strcmp(argv[1], "--expect-big-endian") == 0;
    cl_int err;
    size_t size;
    char text[4096];

    /* ---- platform ---- */
    cl_platform_id platform = NULL;
    cl_uint n = 0;
    CHECK_EQ(clGetPlatformIDs(0, NULL, &n), CL_SUCCESS);
    CHECK(n >= 1);
    CHECK_EQ(clGetPlatformIDs(0, &platform, NULL), CL_INVALID_VALUE);
    cl_platform_id platforms[8];
    CHECK_EQ(clGetPlatformIDs(8, platforms, &n), CL_SUCCESS);
    for (cl_uint i = 0; i < n; ++i) {
        clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof text, text, NULL);
        if (strcmp(text, "clstep") == 0) platform = platforms[i];
    }
    if (!platform) {
        fprintf(stderr, "no platform named clstep (set OCL_ICD_VENDORS)\n");
        return 1;
    }
    CHECK_EQ(clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof text, text, &size),
             CL_SUCCESS);
    CHECK(strcmp(text, "OpenCL 3.0 clstep") == 0);
    CHECK_EQ(size, strlen(text) + 1);
    CHECK_EQ(clGetPlatformInfo(platform, CL_PLATFORM_EXTENSIONS, 0, NULL, &size), CL_SUCCESS);
    CHECK_EQ(clGetPlatformInfo(platform, CL_PLATFORM_NAME, 2, text, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetPlatformInfo(platform, 0x7777, sizeof text, text, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetPlatformInfo(platform, CL_PLATFORM_ICD_SUFFIX_KHR, sizeof text, text, NULL),
             CL_SUCCESS);
    CHECK(clGetExtensionFunctionAddressForPlatform(platform, "clIcdGetPlatformIDsKHR") != NULL);
    CHECK(clGetExtensionFunctionAddressForPlatform(platform, "clNoSuchFunction") == NULL);
    CHECK_EQ(clUnloadPlatformCompiler(platform), CL_SUCCESS);

    /* ---- device ---- */
    cl_device_id device = NULL;
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, &n), CL_SUCCESS);
    CHECK_EQ(n, 1);
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_GPU, 1, &device, &n), CL_DEVICE_NOT_FOUND);
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 0, &device, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetDeviceIDs(platform, 1u << 20, 1, &device, NULL), CL_INVALID_DEVICE_TYPE);
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL), CL_SUCCESS);
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof text, text, NULL), CL_SUCCESS);
    CHECK(strcmp(text, "clstep") == 0);
    cl_device_type type = 0;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, NULL), CL_SUCCESS);
    CHECK_EQ(type, CL_DEVICE_TYPE_CPU);
    size_t maxWg = 0;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxWg, &maxWg, NULL),
             CL_SUCCESS);
    CHECK(maxWg >= 1);
    cl_ulong localMem = 0;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof localMem, &localMem, NULL),
             CL_SUCCESS);
    cl_bool little = CL_FALSE;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_ENDIAN_LITTLE, sizeof little, &little, NULL),
             CL_SUCCESS);
    CHECK_EQ(little, expectBig ? CL_FALSE : CL_TRUE);
    if (expectBig) {
        printf("%d checks, %d failed\n", checks, failures);
        return failures ? 1 : 0;
    }
    CHECK_EQ(clGetDeviceInfo(device, 0x7777, sizeof text, text, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetDeviceInfo((cl_device_id)platform, CL_DEVICE_NAME, sizeof text, text, NULL),
             CL_INVALID_DEVICE);
    CHECK_EQ(clRetainDevice(device), CL_SUCCESS);
    CHECK_EQ(clReleaseDevice(device), CL_SUCCESS);
    cl_device_partition_property part[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
    CHECK_EQ(clCreateSubDevices(device, part, 1, NULL, NULL), CL_INVALID_VALUE);
    cl_ulong t1 = 0, t2 = 0;
    CHECK_EQ(clGetHostTimer(device, &t1), CL_SUCCESS);
    CHECK_EQ(clGetDeviceAndHostTimer(device, &t1, &t2), CL_SUCCESS);
    CHECK_EQ(clGetHostTimer(device, NULL), CL_INVALID_VALUE);

    /* ---- context ---- */
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    cl_context ctx = clCreateContext(props, 1, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateContext(props, 0, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    clCreateContext(NULL, 1, &device, NULL, &err, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    cl_context_properties badProps[] = {0x7777, 1, 0};
    clCreateContext(badProps, 1, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_INVALID_PROPERTY);
    cl_context ctx2 = clCreateContextFromType(props, CL_DEVICE_TYPE_CPU, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateContextFromType(props, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
    CHECK_EQ(err, CL_DEVICE_NOT_FOUND);
    cl_uint refs = 0;
    CHECK_EQ(clRetainContext(ctx2), CL_SUCCESS);
    CHECK_EQ(clGetContextInfo(ctx2, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL),
             CL_SUCCESS);
    CHECK_EQ(refs, 2);
    CHECK_EQ(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, 0, NULL, &size), CL_SUCCESS);
    CHECK_EQ(size, sizeof props);
    cl_device_id ctxDevice = NULL;
    CHECK_EQ(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof ctxDevice, &ctxDevice, NULL),
             CL_SUCCESS);
    CHECK(ctxDevice == device);
    CHECK_EQ(clGetContextInfo(ctx, 0x7777, sizeof refs, &refs, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clReleaseContext(ctx2), CL_SUCCESS);
    CHECK_EQ(clReleaseContext(ctx2), CL_SUCCESS);
    /* A released context is an invalid handle, not a crash. */
    CHECK_EQ(clRetainContext(ctx2), CL_INVALID_CONTEXT);
    CHECK_EQ(clRetainContext(NULL), CL_INVALID_CONTEXT);
    CHECK_EQ(clSetContextDestructorCallback(ctx, NULL, NULL), CL_INVALID_VALUE);

    /* ---- queues ---- */
    cl_command_queue q = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_command_queue ooo =
        clCreateCommandQueue(ctx, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateCommandQueue(NULL, device, 0, &err);
    CHECK_EQ(err, CL_INVALID_CONTEXT);
    clCreateCommandQueue(ctx, NULL, 0, &err);
    CHECK_EQ(err, CL_INVALID_DEVICE);
    clCreateCommandQueue(ctx, device, 1u << 10, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    cl_queue_properties qprops[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, device, qprops, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_queue_properties devQueue[] = {
        CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
    clCreateCommandQueueWithProperties(ctx, device, devQueue, &err);
    CHECK_EQ(err, CL_INVALID_QUEUE_PROPERTIES);
    cl_command_queue_properties qp = 0;
    CHECK_EQ(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL), CL_SUCCESS);
    CHECK_EQ(qp, CL_QUEUE_PROFILING_ENABLE);
    CHECK_EQ(clGetCommandQueueInfo(NULL, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL),
             CL_INVALID_COMMAND_QUEUE);
    CHECK_EQ(clRetainCommandQueue(q2), CL_SUCCESS);
    CHECK_EQ(clReleaseCommandQueue(q2), CL_SUCCESS);
    CHECK_EQ(clReleaseCommandQueue(q2), CL_SUCCESS);
    CHECK_EQ(clFlush(q), CL_SUCCESS);
    CHECK_EQ(clFinish(NULL), CL_INVALID_COMMAND_QUEUE);

    /* ---- buffers ---- */
    enum { N = 64 };
    float host[N], back[N];
    for (int i = 0; i < N; ++i)
        host[i] = (float)i;
    cl_mem buf =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &err);
    CHECK_EQ(err, CL_INVALID_BUFFER_SIZE);
    clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 16, NULL, &err);
    CHECK_EQ(err, CL_INVALID_HOST_PTR);
    clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 16, host, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    clCreateBuffer(NULL, 0, 16, NULL, &err);
    CHECK_EQ(err, CL_INVALID_CONTEXT);
    float useHost[N];
    memset(useHost, 0, sizeof useHost);
    cl_mem used = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, sizeof useHost, useHost, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem alloc = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, sizeof host, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    void* hostPtr = NULL;
    CHECK_EQ(clGetMemObjectInfo(used, CL_MEM_HOST_PTR, sizeof hostPtr, &hostPtr, NULL), CL_SUCCESS);
    CHECK(hostPtr == useHost);
    CHECK_EQ(clGetMemObjectInfo(buf, CL_MEM_SIZE, sizeof size, &size, NULL), CL_SUCCESS);
    CHECK_EQ(size, sizeof host);
    CHECK_EQ(clGetMemObjectInfo(NULL, CL_MEM_SIZE, sizeof size, &size, NULL),
             CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clSetMemObjectDestructorCallback(alloc, onMemDestroyed, &destructorCount), CL_SUCCESS);

    CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), CL_SUCCESS);
    CHECK(memcmp(back, host, sizeof host) == 0);
    CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 4, sizeof back, back, 0, NULL, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 4, back, 0, NULL, NULL),
             CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, back, 1, NULL, NULL),
             CL_INVALID_EVENT_WAIT_LIST);
    CHECK_EQ(clEnqueueWriteBuffer(q, used, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK(memcmp(useHost, host, sizeof host) == 0); /* USE_HOST_PTR writes into host memory */
    CHECK_EQ(clEnqueueWriteBuffer(q, buf, CL_TRUE, sizeof host, 1, host, 0, NULL, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueCopyBuffer(q, buf, alloc, 0, 0, sizeof host, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueCopyBuffer(q, buf, buf, 0, 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    CHECK_EQ(clEnqueueCopyBuffer(q, buf, alloc, 8, 0, sizeof host, 0, NULL, NULL),
             CL_INVALID_VALUE);
    float pattern = 2.5f;
    CHECK_EQ(clEnqueueFillBuffer(q, alloc, &pattern, sizeof pattern, 0, sizeof host, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(clEnqueueFillBuffer(q, alloc, &pattern, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueFillBuffer(q, alloc, &pattern, 4, 2, 8, 0, NULL, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueReadBuffer(q, alloc, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK(back[0] == 2.5f && back[N - 1] == 2.5f);

    /* rect: a 4x4 block of a 8x8 float matrix */
    size_t bo[3] = {2 * sizeof(float), 1, 0}, ho[3] = {0, 0, 0};
    size_t region[3] = {4 * sizeof(float), 4, 1};
    float block[16];
    CHECK_EQ(clEnqueueReadBufferRect(q, buf, CL_TRUE, bo, ho, region, 8 * sizeof(float), 0,
                                     4 * sizeof(float), 0, block, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK(block[0] == 10.0f && block[5] == 19.0f && block[15] == 37.0f);
    size_t badRegion[3] = {4 * sizeof(float), 9, 1};
    CHECK_EQ(clEnqueueReadBufferRect(q, buf, CL_TRUE, bo, ho, badRegion, 8 * sizeof(float), 0, 0, 0,
                                     block, 0, NULL, NULL),
             CL_INVALID_VALUE);
    size_t zeroRegion[3] = {0, 1, 1};
    CHECK_EQ(clEnqueueWriteBufferRect(q, buf, CL_TRUE, bo, ho, zeroRegion, 0, 0, 0, 0, block, 0,
                                      NULL, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueWriteBufferRect(q, alloc, CL_TRUE, bo, ho, region, 8 * sizeof(float), 0,
                                      4 * sizeof(float), 0, block, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(clEnqueueCopyBufferRect(q, buf, alloc, bo, bo, region, 8 * sizeof(float), 0,
                                     8 * sizeof(float), 0, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(clEnqueueCopyBufferRect(q, buf, buf, bo, bo, region, 8 * sizeof(float), 0,
                                     8 * sizeof(float), 0, 0, NULL, NULL),
             CL_MEM_COPY_OVERLAP);

    /* map / unmap */
    float* mapped = (float*)clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                               sizeof host, 0, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK(mapped && mapped[3] == 3.0f);
    cl_uint mapCount = 0;
    CHECK_EQ(clGetMemObjectInfo(buf, CL_MEM_MAP_COUNT, sizeof mapCount, &mapCount, NULL),
             CL_SUCCESS);
    CHECK_EQ(mapCount, 1);
    if (mapped) mapped[3] = 33.0f;
    CHECK_EQ(clEnqueueUnmapMemObject(q, buf, mapped, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueUnmapMemObject(q, buf, mapped, 0, NULL, NULL), CL_INVALID_VALUE);
    clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, sizeof host + 4, 0, NULL, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    void* usedMap = clEnqueueMapBuffer(q, used, CL_TRUE, CL_MAP_READ, 8, 8, 0, NULL, NULL, &err);
    CHECK(usedMap == (char*)useHost + 8);
    CHECK_EQ(clEnqueueUnmapMemObject(q, used, usedMap, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueMigrateMemObjects(q, 1, &buf, CL_MIGRATE_MEM_OBJECT_HOST, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(clEnqueueMigrateMemObjects(q, 0, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE);

    /* sub-buffers */
    cl_buffer_region sub = {128, 64};
    cl_mem subBuf =
        clCreateSubBuffer(buf, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &sub, &err);
    CHECK_EQ(err, CL_SUCCESS);
    float subBack[16];
    CHECK_EQ(clEnqueueReadBuffer(q, subBuf, CL_TRUE, 0, sizeof subBack, subBack, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK(subBack[0] == 32.0f);
    cl_buffer_region outside = {128, 4096};
    clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &outside, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    cl_buffer_region misaligned = {4, 8};
    clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &misaligned, &err);
    CHECK_EQ(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
    clCreateSubBuffer(subBuf, 0, CL_BUFFER_CREATE_TYPE_REGION, &sub, &err);
    CHECK_EQ(err, CL_INVALID_MEM_OBJECT);
    size_t offset = 0;
    CHECK_EQ(clGetMemObjectInfo(subBuf, CL_MEM_OFFSET, sizeof offset, &offset, NULL), CL_SUCCESS);
    CHECK_EQ(offset, 128);

    /* ---- programs ---- */
    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateProgramWithSource(ctx, 0, &kSource, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    clCreateKernel(prog, "scale", &err);
    CHECK_EQ(err, CL_INVALID_PROGRAM_EXECUTABLE);
    CHECK_EQ(clBuildProgram(prog, 1, &device, "-bogus-option", NULL, NULL),
             CL_INVALID_BUILD_OPTIONS);
    CHECK_EQ(clBuildProgram(prog, 1, &device, "-D FOO=1 -DBAR -cl-std=CL1.2 -cl-mad-enable -w",
                            NULL, NULL),
             CL_SUCCESS);
    cl_build_status status = CL_BUILD_NONE;
    CHECK_EQ(
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL),
        CL_SUCCESS);
    CHECK_EQ(status, CL_BUILD_SUCCESS);
    CHECK_EQ(clGetProgramInfo(prog, CL_PROGRAM_KERNEL_NAMES, sizeof text, text, NULL), CL_SUCCESS);
    CHECK(strcmp(text, "scale;offsets;oob;task") == 0);
    size_t numKernels = 0;
    CHECK_EQ(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, sizeof numKernels, &numKernels, NULL),
             CL_SUCCESS);
    CHECK_EQ(numKernels, 4);
    CHECK_EQ(clGetProgramInfo(NULL, CL_PROGRAM_NUM_KERNELS, sizeof size, &size, NULL),
             CL_INVALID_PROGRAM);

    const char* broken = "__kernel void k(__global int* a) {\n  a[0] = undefined_name;\n}\n";
    cl_program bad = clCreateProgramWithSource(ctx, 1, &broken, NULL, &err);
    CHECK_EQ(clBuildProgram(bad, 0, NULL, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    CHECK_EQ(clGetProgramBuildInfo(bad, device, CL_PROGRAM_BUILD_LOG, sizeof text, text, NULL),
             CL_SUCCESS);
    CHECK(strstr(text, ":2:10: error:") != NULL); /* clstep's file:line:col format */
    CHECK_EQ(
        clGetProgramBuildInfo(bad, device, CL_PROGRAM_BUILD_STATUS, sizeof status, &status, NULL),
        CL_SUCCESS);
    CHECK_EQ(status, CL_BUILD_ERROR);
    CHECK_EQ(clGetProgramBuildInfo(bad, NULL, CL_PROGRAM_BUILD_LOG, sizeof text, text, NULL),
             CL_INVALID_DEVICE);
    CHECK_EQ(clReleaseProgram(bad), CL_SUCCESS);
    CHECK_EQ(clReleaseProgram(bad), CL_INVALID_PROGRAM); /* released twice: no crash */

    /* binaries: the source text; a program from the binary builds again */
    size_t binSize = 0;
    CHECK_EQ(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof binSize, &binSize, NULL),
             CL_SUCCESS);
    unsigned char* bin = (unsigned char*)malloc(binSize);
    CHECK_EQ(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), CL_SUCCESS);
    cl_int binStatus = 0;
    cl_program fromBin = clCreateProgramWithBinary(ctx, 1, &device, &binSize,
                                                   (const unsigned char**)&bin, &binStatus, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clBuildProgram(fromBin, 1, &device, NULL, NULL, NULL), CL_SUCCESS);
    const unsigned char* junk = (const unsigned char*)"not a binary";
    size_t junkSize = 12;
    clCreateProgramWithBinary(ctx, 1, &device, &junkSize, &junk, &binStatus, &err);
    CHECK_EQ(err, CL_INVALID_BINARY);
    CHECK_EQ(binStatus, CL_INVALID_BINARY);
    free(bin);
    clCreateProgramWithIL(ctx, "x", 1, &err);
    CHECK_EQ(err, CL_INVALID_OPERATION);

    /* compile + link with an embedded header */
    const char* header = "#define TWICE(x) ((x) * 2)\n";
    const char* useHeader = "#include \"twice.h\"\nint twice(int x) { return TWICE(x); }\n";
    const char* mainSrc =
        "int twice(int x);\n__kernel void k(__global int* a) { a[0] = twice(21); }\n";
    cl_program h = clCreateProgramWithSource(ctx, 1, &header, NULL, &err);
    cl_program lib = clCreateProgramWithSource(ctx, 1, &useHeader, NULL, &err);
    cl_program mainProg = clCreateProgramWithSource(ctx, 1, &mainSrc, NULL, &err);
    const char* headerName = "twice.h";
    CHECK_EQ(clCompileProgram(lib, 1, &device, NULL, 1, &h, &headerName, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clCompileProgram(mainProg, 1, &device, NULL, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clCompileProgram(lib, 1, &device, NULL, 1, NULL, &headerName, NULL, NULL),
             CL_INVALID_VALUE);
    /* A compiled object is no executable: no kernel names, no kernel count (spec 5.8.9). */
    size_t compiledKernels = 0;
    CHECK_EQ(clGetProgramInfo(mainProg, CL_PROGRAM_NUM_KERNELS, sizeof compiledKernels,
                              &compiledKernels, NULL),
             CL_INVALID_PROGRAM_EXECUTABLE);
    CHECK_EQ(clGetProgramInfo(mainProg, CL_PROGRAM_KERNEL_NAMES, 0, NULL, &compiledKernels),
             CL_INVALID_PROGRAM_EXECUTABLE);
    cl_program inputs[2] = {lib, mainProg};
    cl_program linked = clLinkProgram(ctx, 1, &device, NULL, 2, inputs, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clGetProgramInfo(linked, CL_PROGRAM_NUM_KERNELS, sizeof compiledKernels,
                              &compiledKernels, NULL),
             CL_SUCCESS);
    CHECK_EQ(compiledKernels, 1);
    clLinkProgram(ctx, 1, &device, NULL, 0, NULL, NULL, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);

    /* ---- kernels ---- */
    cl_kernel scale = clCreateKernel(prog, "scale", &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateKernel(prog, "nope", &err);
    CHECK_EQ(err, CL_INVALID_KERNEL_NAME);
    clCreateKernel(prog, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    CHECK_EQ(clBuildProgram(prog, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
    cl_kernel all[4];
    cl_uint numAll = 0;
    CHECK_EQ(clCreateKernelsInProgram(prog, 4, all, &numAll), CL_SUCCESS);
    CHECK_EQ(numAll, 4);
    CHECK_EQ(clCreateKernelsInProgram(prog, 1, all, NULL), CL_INVALID_VALUE);
    for (cl_uint i = 0; i < numAll; ++i)
        CHECK_EQ(clReleaseKernel(all[i]), CL_SUCCESS);
    cl_uint numArgs = 0;
    CHECK_EQ(clGetKernelInfo(scale, CL_KERNEL_NUM_ARGS, sizeof numArgs, &numArgs, NULL),
             CL_SUCCESS);
    CHECK_EQ(numArgs, 3);
    CHECK_EQ(clGetKernelInfo(scale, CL_KERNEL_FUNCTION_NAME, sizeof text, text, NULL), CL_SUCCESS);
    CHECK(strcmp(text, "scale") == 0);
    CHECK_EQ(clGetKernelArgInfo(scale, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof text, text, NULL),
             CL_SUCCESS);
    CHECK(strcmp(text, "float*") == 0);
    cl_kernel_arg_address_qualifier aq = 0;
    CHECK_EQ(clGetKernelArgInfo(scale, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL),
             CL_SUCCESS);
    CHECK_EQ(aq, CL_KERNEL_ARG_ADDRESS_LOCAL);
    CHECK_EQ(clGetKernelArgInfo(scale, 3, CL_KERNEL_ARG_NAME, sizeof text, text, NULL),
             CL_INVALID_ARG_INDEX);
    size_t wg = 0;
    CHECK_EQ(
        clGetKernelWorkGroupInfo(scale, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
        CL_SUCCESS);
    CHECK_EQ(wg, maxWg);
    CHECK_EQ(
        clGetKernelWorkGroupInfo(NULL, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
        CL_INVALID_KERNEL);

    size_t global = N, local = 16;
    CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 1, NULL, &global, &local, 0, NULL, NULL),
             CL_INVALID_KERNEL_ARGS); /* no argument set yet */
    float factor = 2.0f;
    double wrong = 2.0;
    CHECK_EQ(clSetKernelArg(scale, 1, sizeof wrong, &wrong), CL_INVALID_ARG_SIZE);
    CHECK_EQ(clSetKernelArg(scale, 0, sizeof(int), &buf), CL_INVALID_ARG_SIZE);
    cl_mem notAMem = (cl_mem)ctx;
    CHECK_EQ(clSetKernelArg(scale, 0, sizeof(cl_mem), &notAMem), CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clSetKernelArg(scale, 2, 16, &factor), CL_INVALID_ARG_VALUE); /* __local: NULL */
    CHECK_EQ(clSetKernelArg(scale, 3, sizeof factor, &factor), CL_INVALID_ARG_INDEX);
    CHECK_EQ(clSetKernelArg(scale, 0, sizeof(cl_mem), &buf), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(scale, 1, sizeof factor, &factor), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(scale, 2, 16 * sizeof(float), NULL), CL_SUCCESS);
    size_t badLocal = 24;
    CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 1, NULL, &global, &badLocal, 0, NULL, NULL),
             CL_INVALID_WORK_GROUP_SIZE); /* 24 does not divide 64 (OpenCL 1.2) */
    CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 0, NULL, &global, &local, 0, NULL, NULL),
             CL_INVALID_WORK_DIMENSION);
    /* A NULL global size or a 0 in it: the launch trivially succeeds, runs no work-item and
     * completes its event (3.0 API spec, clEnqueueNDRangeKernel; 1.2 gave
     * CL_INVALID_GLOBAL_WORK_SIZE; CTS test_api zero_sized_enqueue). */
    {
        float before[64], after[64];
        CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof before, before, 0, NULL, NULL),
                 CL_SUCCESS);
        size_t zero = 0, zero2[2] = {4, 0};
        cl_event zeroEvent = NULL;
        CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 1, NULL, NULL, NULL, 0, NULL, NULL), CL_SUCCESS);
        CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 1, NULL, &zero, NULL, 0, NULL, NULL), CL_SUCCESS);
        CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 2, NULL, zero2, NULL, 0, NULL, &zeroEvent),
                 CL_SUCCESS);
        CHECK_EQ(clFinish(q), CL_SUCCESS);
        cl_command_type zeroType = 0;
        cl_int zeroStatus = -1;
        CHECK_EQ(clGetEventInfo(zeroEvent, CL_EVENT_COMMAND_TYPE, sizeof zeroType, &zeroType, NULL),
                 CL_SUCCESS);
        CHECK_EQ(zeroType, CL_COMMAND_NDRANGE_KERNEL);
        CHECK_EQ(clGetEventInfo(zeroEvent, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof zeroStatus,
                                &zeroStatus, NULL),
                 CL_SUCCESS);
        CHECK_EQ(zeroStatus, CL_COMPLETE);
        clReleaseEvent(zeroEvent);
        CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof after, after, 0, NULL, NULL),
                 CL_SUCCESS);
        CHECK(memcmp(before, after, sizeof before) == 0); /* no work-item ran */
    }
    size_t huge = maxWg * 2;
    size_t hugeGlobal = huge * 2;
    CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 1, NULL, &hugeGlobal, &huge, 0, NULL, NULL),
             CL_INVALID_WORK_ITEM_SIZE);
    CHECK_EQ(clEnqueueNDRangeKernel(q, NULL, 1, NULL, &global, &local, 0, NULL, NULL),
             CL_INVALID_KERNEL);
    cl_event kernelEvent = NULL;
    CHECK_EQ(clEnqueueNDRangeKernel(q, scale, 1, NULL, &global, &local, 0, NULL, &kernelEvent),
             CL_SUCCESS);
    CHECK_EQ(clWaitForEvents(1, &kernelEvent), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL), CL_SUCCESS);
    CHECK(back[1] == 2.0f && back[3] == 66.0f && back[63] == 126.0f);
    cl_ulong start = 0, end = 0;
    CHECK_EQ(clGetEventProfilingInfo(kernelEvent, CL_PROFILING_COMMAND_START, sizeof start, &start,
                                     NULL),
             CL_SUCCESS);
    CHECK_EQ(clGetEventProfilingInfo(kernelEvent, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL),
             CL_SUCCESS);
    CHECK(end >= start && start > 0);
    cl_command_type ct = 0;
    CHECK_EQ(clGetEventInfo(kernelEvent, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
    CHECK_EQ(ct, CL_COMMAND_NDRANGE_KERNEL);
    CHECK_EQ(clReleaseEvent(kernelEvent), CL_SUCCESS);

    /* global offset and a NULL local size */
    cl_kernel offs = clCreateKernel(prog, "offsets", &err);
    cl_mem ids = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 10 * sizeof(cl_uint), NULL, &err);
    CHECK_EQ(clSetKernelArg(offs, 0, sizeof ids, &ids), CL_SUCCESS);
    size_t off = 5, ten = 10;
    CHECK_EQ(clEnqueueNDRangeKernel(q, offs, 1, &off, &ten, NULL, 0, NULL, NULL), CL_SUCCESS);
    cl_uint idBack[10];
    CHECK_EQ(clEnqueueReadBuffer(q, ids, CL_TRUE, 0, sizeof idBack, idBack, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK(idBack[0] == 5 && idBack[9] == 14);

    /* clEnqueueTask; and an interpreter error gives the event a negative status */
    cl_kernel task = clCreateKernel(prog, "task", &err);
    cl_int seven = 7;
    clSetKernelArg(task, 0, sizeof ids, &ids);
    clSetKernelArg(task, 1, sizeof seven, &seven);
    CHECK_EQ(clEnqueueTask(q, task, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, ids, CL_TRUE, 0, sizeof idBack, idBack, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(idBack[0], 7);
    cl_kernel oob = clCreateKernel(prog, "oob", &err);
    clSetKernelArg(oob, 0, sizeof ids, &ids);
    cl_event oobEvent = NULL;
    size_t one = 1;
    CHECK_EQ(clEnqueueNDRangeKernel(q, oob, 1, NULL, &one, NULL, 0, NULL, &oobEvent), CL_SUCCESS);
    cl_int st = 0;
    CHECK_EQ(clGetEventInfo(oobEvent, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
             CL_SUCCESS);
    CHECK(st < 0);
    CHECK_EQ(clWaitForEvents(1, &oobEvent), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    /* a command waiting for the failed event fails too */
    cl_event after = NULL;
    CHECK_EQ(clEnqueueMarkerWithWaitList(q, 1, &oobEvent, &after), CL_SUCCESS);
    CHECK_EQ(clGetEventInfo(after, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
             CL_SUCCESS);
    CHECK_EQ(st, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    clReleaseEvent(after);
    clReleaseEvent(oobEvent);

    /* reqd_work_group_size (OpenCL C 6.7.2): reported by CL_KERNEL_COMPILE_WORK_GROUP_SIZE and
     * CL_KERNEL_ATTRIBUTES; any other local size is CL_INVALID_WORK_GROUP_SIZE. A NULL local
     * size launches with the required size (3.0 API spec, clEnqueueNDRangeKernel; 1.2 gave
     * CL_INVALID_WORK_GROUP_SIZE), unless the global size is not a multiple of it in a uniform
     * program or work_dim leaves out a dimension whose required size is not 1. */
    {
        const char* reqdSource =
            "#define B 4\n"
            "__kernel __attribute__((reqd_work_group_size(B, 2, 1)))\n"
            "__attribute__(( vec_type_hint (float4) ))\n"
            "void reqd(__global uint* out) {\n"
            "    out[get_global_id(1) * get_global_size(0) + get_global_id(0)] =\n"
            "        (uint)(get_local_size(0) * 10 + get_local_size(1));\n"
            "}\n";
        cl_program rp = clCreateProgramWithSource(ctx, 1, &reqdSource, NULL, &err);
        CHECK_EQ(clBuildProgram(rp, 1, &device, NULL, NULL, NULL), CL_SUCCESS);
        cl_kernel rk = clCreateKernel(rp, "reqd", &err);
        CHECK_EQ(err, CL_SUCCESS);
        size_t compiled[3] = {9, 9, 9};
        CHECK_EQ(clGetKernelWorkGroupInfo(rk, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                          sizeof compiled, compiled, NULL),
                 CL_SUCCESS);
        CHECK(compiled[0] == 4 && compiled[1] == 2 && compiled[2] == 1);
        CHECK_EQ(clGetKernelWorkGroupInfo(scale, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                          sizeof compiled, compiled, NULL),
                 CL_SUCCESS);
        CHECK(compiled[0] == 0 && compiled[1] == 0 && compiled[2] == 0);
        CHECK_EQ(clGetKernelInfo(rk, CL_KERNEL_ATTRIBUTES, sizeof text, text, NULL), CL_SUCCESS);
        CHECK(strcmp(text, "reqd_work_group_size(B,2,1) vec_type_hint(float4)") == 0);
        CHECK_EQ(clGetKernelInfo(scale, CL_KERNEL_ATTRIBUTES, sizeof text, text, NULL), CL_SUCCESS);
        CHECK(strcmp(text, "") == 0);
        clSetKernelArg(rk, 0, sizeof ids, &ids);
        size_t g2[2] = {4, 2}, good[2] = {4, 2}, other[2] = {2, 2};
        CHECK_EQ(clEnqueueNDRangeKernel(q, rk, 2, NULL, g2, other, 0, NULL, NULL),
                 CL_INVALID_WORK_GROUP_SIZE);
        size_t g6[2] = {6, 2};
        CHECK_EQ(clEnqueueNDRangeKernel(q, rk, 2, NULL, g6, NULL, 0, NULL, NULL),
                 CL_INVALID_WORK_GROUP_SIZE); /* 6 is not a multiple of 4 (OpenCL C 1.2) */
        CHECK_EQ(clEnqueueNDRangeKernel(q, rk, 1, NULL, g2, NULL, 0, NULL, NULL),
                 CL_INVALID_WORK_GROUP_SIZE); /* 1-D cannot hold the required 4 x 2 */
        CHECK_EQ(clEnqueueNDRangeKernel(q, rk, 1, NULL, g2, good, 0, NULL, NULL),
                 CL_INVALID_WORK_GROUP_SIZE); /* 1-D: the local size is 4 x 1 x 1 */
        CHECK_EQ(clEnqueueTask(q, rk, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
        CHECK_EQ(clEnqueueNDRangeKernel(q, rk, 2, NULL, g2, good, 0, NULL, NULL), CL_SUCCESS);
        cl_uint sizes[8] = {0};
        CHECK_EQ(clEnqueueReadBuffer(q, ids, CL_TRUE, 0, sizeof sizes, sizes, 0, NULL, NULL),
                 CL_SUCCESS);
        CHECK(sizes[0] == 42 && sizes[7] == 42);
        cl_uint zeros[8] = {0};
        CHECK_EQ(clEnqueueWriteBuffer(q, ids, CL_TRUE, 0, sizeof zeros, zeros, 0, NULL, NULL),
                 CL_SUCCESS);
        CHECK_EQ(clEnqueueNDRangeKernel(q, rk, 2, NULL, g2, NULL, 0, NULL, NULL), CL_SUCCESS);
        CHECK_EQ(clEnqueueReadBuffer(q, ids, CL_TRUE, 0, sizeof sizes, sizes, 0, NULL, NULL),
                 CL_SUCCESS);
        CHECK(sizes[0] == 42 && sizes[7] == 42); /* NULL local size: the required 4 x 2 */
        clReleaseKernel(rk);
        clReleaseProgram(rp);
    }

    /* ---- events: user events, callbacks, markers, barriers ---- */
    cl_event user = clCreateUserEvent(ctx, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateUserEvent(NULL, &err);
    CHECK_EQ(err, CL_INVALID_CONTEXT);
    float gated = 0.0f;
    cl_event readEvent = NULL;
    CHECK_EQ(clEnqueueReadBuffer(ooo, buf, CL_FALSE, 4, sizeof gated, &gated, 1, &user, &readEvent),
             CL_SUCCESS);
    CHECK_EQ(clSetEventCallback(readEvent, CL_COMPLETE, onEvent, &callbackCount), CL_SUCCESS);
    CHECK_EQ(clSetEventCallback(readEvent, 77, onEvent, &callbackCount), CL_INVALID_VALUE);
    CHECK_EQ(clGetEventInfo(readEvent, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
             CL_SUCCESS);
    CHECK_EQ(st, CL_QUEUED);
    CHECK(gated == 0.0f); /* still waiting for the user event */
    CHECK_EQ(clSetUserEventStatus(user, 5), CL_INVALID_VALUE);
    CHECK_EQ(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
    CHECK_EQ(clSetUserEventStatus(user, CL_COMPLETE), CL_INVALID_OPERATION);
    CHECK_EQ(clWaitForEvents(1, &readEvent), CL_SUCCESS);
    CHECK(gated == 2.0f);
    CHECK_EQ(callbackCount, 1);
    cl_event marker = NULL;
    CHECK_EQ(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker), CL_SUCCESS);
    CHECK_EQ(clEnqueueBarrierWithWaitList(q, 1, &marker, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueMarker(q, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueBarrier(q), CL_SUCCESS);
    CHECK_EQ(clEnqueueWaitForEvents(q, 1, &marker), CL_SUCCESS);
    CHECK_EQ(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetEventInfo(NULL, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_INVALID_EVENT);
    CHECK_EQ(clReleaseEvent(marker), CL_SUCCESS);
    CHECK_EQ(clReleaseEvent(readEvent), CL_SUCCESS);
    CHECK_EQ(clReleaseEvent(user), CL_SUCCESS);
    CHECK_EQ(clFinish(q), CL_SUCCESS);
    CHECK_EQ(clFinish(ooo), CL_SUCCESS);

    /* ---- not supported: pipes, SVM (images and samplers: image_calls.c) ---- */
    clCreatePipe(ctx, 0, 4, 4, NULL, &err);
    CHECK_EQ(err, CL_INVALID_OPERATION);
    CHECK(clSVMAlloc(ctx, CL_MEM_READ_WRITE, 64, 0) == NULL);
    CHECK_EQ(clSetKernelArgSVMPointer(scale, 0, NULL), CL_INVALID_OPERATION);

    /* ---- release everything ---- */
    CHECK_EQ(clReleaseKernel(scale), CL_SUCCESS);
    CHECK_EQ(clReleaseKernel(scale), CL_INVALID_KERNEL);
    clReleaseKernel(offs);
    clReleaseKernel(task);
    clReleaseKernel(oob);
    CHECK_EQ(clReleaseMemObject(subBuf), CL_SUCCESS);
    CHECK_EQ(clReleaseMemObject(alloc), CL_SUCCESS);
    CHECK_EQ(destructorCount, 1);
    CHECK_EQ(clReleaseMemObject(alloc), CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(buf);
    clReleaseMemObject(used);
    clReleaseMemObject(ids);
    clReleaseProgram(prog);
    clReleaseProgram(fromBin);
    clReleaseProgram(h);
    clReleaseProgram(lib);
    clReleaseProgram(mainProg);
    clReleaseProgram(linked);
    CHECK_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
    CHECK_EQ(clReleaseCommandQueue(ooo), CL_SUCCESS);
    CHECK_EQ(clReleaseCommandQueue(q), CL_INVALID_COMMAND_QUEUE);
    CHECK_EQ(clReleaseContext(ctx), CL_SUCCESS);

    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
