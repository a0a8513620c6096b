/* CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE and CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE
 * (API spec 4.2 and 5.9.4: a performance hint for the local work size, at most
 * CL_KERNEL_WORK_GROUP_SIZE). Usage: platform_preferred_multiple EXPECTED: both queries must
 * answer EXPECTED (the CTest cases set CLSTEP_SUB_GROUP_SIZE / CLSTEP_MAX_WORK_GROUP_SIZE and
 * name the value docs/platform.md gives for them). Then, as test_generic_address_space
 * `generic_atomics_variant` does, two work-groups of that many work-items each count their
 * even local ids in a __local atomic and their odd ones in a __global one, through a generic
 * pointer: each count must be EXPECTED / 2 (a hint of 1 made it 1 and 0). Written for clstep
 * (no CTS code). Prints one line per failed check and exits 1 if any failed. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>

#include "Checks.h"

static const char* kSource =
    "kernel void count(global atomic_int* counts, local atomic_int* even) {\n"
    "    int lid = (int)get_local_id(0);\n"
    "    int group = (int)get_group_id(0);\n"
    "    if (lid == 0) atomic_store_explicit(even, 0, memory_order_relaxed,\n"
    "                                        memory_scope_work_group);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    generic atomic_int* p = (lid % 2 == 0) ? (generic atomic_int*)even\n"
    "                                           : (generic atomic_int*)&counts[2 * group];\n"
    "    atomic_fetch_add_explicit(p, 1, memory_order_relaxed, memory_scope_work_group);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    if (lid == 0)\n"
    "        atomic_store_explicit(&counts[2 * group + 1],\n"
    "                              atomic_load_explicit(even, memory_order_relaxed,\n"
    "                                                   memory_scope_work_group),\n"
    "                              memory_order_relaxed, memory_scope_work_group);\n"
    "}\n";

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s EXPECTED\n", argv[0]);
        return 2;
    }
    const size_t expected = (size_t)strtoul(argv[1], NULL, 10);
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    CHECK_EQ(clGetPlatformIDs(1, &platform, NULL), CL_SUCCESS);
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), CL_SUCCESS);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);

    size_t deviceMultiple = 0, maxWg = 0;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                             sizeof deviceMultiple, &deviceMultiple, NULL),
             CL_SUCCESS);
    CHECK_EQ(deviceMultiple, expected);

    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clBuildProgram(prog, 1, &device, "-cl-std=CL2.0", NULL, NULL), CL_SUCCESS);
    cl_kernel k = clCreateKernel(prog, "count", &err);
    CHECK_EQ(err, CL_SUCCESS);
    size_t multiple = 0, size = 0;
    CHECK_EQ(clGetKernelWorkGroupInfo(k, device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                      sizeof multiple, &multiple, &size),
             CL_SUCCESS);
    CHECK_EQ(size, sizeof(size_t));
    CHECK_EQ(multiple, expected);
    CHECK_EQ(
        clGetKernelWorkGroupInfo(k, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof maxWg, &maxWg, NULL),
        CL_SUCCESS);
    CHECK(multiple >= 1 && multiple <= maxWg);

    if (multiple >= 1 && multiple <= maxWg) {
        const int zero = 0;
        cl_mem counts = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * sizeof(cl_int), NULL, &err);
        CHECK_EQ(err, CL_SUCCESS);
        CHECK_EQ(clEnqueueFillBuffer(q, counts, &zero, sizeof zero, 0, 4 * sizeof(cl_int), 0, NULL,
                                     NULL),
                 CL_SUCCESS);
        CHECK_EQ(clSetKernelArg(k, 0, sizeof counts, &counts), CL_SUCCESS);
        CHECK_EQ(clSetKernelArg(k, 1, sizeof(cl_int), NULL), CL_SUCCESS);
        const size_t global = 2 * multiple;
        CHECK_EQ(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &multiple, 0, NULL, NULL),
                 CL_SUCCESS);
        cl_int got[4] = {-1, -1, -1, -1};
        CHECK_EQ(clEnqueueReadBuffer(q, counts, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                 CL_SUCCESS);
        /* odd local ids (global counter), even local ids (the __local counter), per group */
        for (int i = 0; i < 4; ++i)
            CHECK_EQ(got[i], (cl_int)(multiple / 2));
        clReleaseMemObject(counts);
    }

    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
