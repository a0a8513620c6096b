/* Kernel arguments that share memory (API spec 5.2.1): the same cl_mem passed twice, and a
 * sub-buffer passed with its parent, must be ONE buffer inside the launch: a write through one
 * argument is seen through the other, and a data race between them is found (reported, and
 * the event still completes). Run with
 * OCL_ICD_VENDORS naming the build's clstep.icd (CTest case platform.aliasing). Prints one
 * line per failed check and exits 1 if any failed. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"
#include "OneProgram.h"

static const char* kSource =
    /* One work-item: writes through `out`, reads back through `in`. */
    "__kernel void through(__global int* in, __global int* out) {\n"
    "    out[0] = 5;\n"
    "    out[1] = in[0] + 1;\n"
    "}\n"
    /* Work-item 0 writes x[0], work-item 1 reads y[0]: a race when x and y are one buffer. */
    "__kernel void race(__global int* x, __global int* y) {\n"
    "    if (get_global_id(0) == 0) x[0] = 1;\n"
    "    else y[1] = y[0];\n"
    "}\n";

static cl_int runTwoArgs(cl_command_queue q, cl_kernel k, cl_mem a, cl_mem b, size_t global) {
    clSetKernelArg(k, 0, sizeof a, &a);
    clSetKernelArg(k, 1, sizeof b, &b);
    return runOneGroup(q, k, global);
}

static const char* kJson = "platform_aliasing_diagnostics.json";

int main(void) {
    const struct OneProgram setup = openOneProgramWithDiagnostics(kSource, kJson);
    cl_context ctx = setup.ctx;
    cl_command_queue q = setup.q;
    cl_program p = setup.p;
    cl_kernel through = createKernelChecked(p, "through");
    cl_kernel race = createKernelChecked(p, "race");
    cl_int err = CL_SUCCESS;

    /* 1. The same cl_mem twice: out[1] = in[0] + 1 reads the 5 just written through out. */
    int zeros[64] = {0}; /* sub-buffer origins must be multiples of 128 bytes (32 ints) */
    int host[64];
    cl_mem buf =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zeros, zeros, &err);
    CHECK_EQ(runTwoArgs(q, through, buf, buf, 1), CL_COMPLETE);
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
    CHECK_EQ(host[0], 5);
    CHECK_EQ(host[1], 6);

    /* 2. A buffer and a sub-buffer inside it (ints 32..35): in = parent, out = sub-buffer.
     * out[0] is parent[32]; out[1] = in[0] + 1 reads parent[0], which is 0. Then the other
     * way round: in = sub-buffer, out = parent: out[1] = in[0] + 1 = parent[32] + 1. */
    cl_mem parent =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zeros, zeros, &err);
    cl_buffer_region region = {32 * sizeof(int), 4 * sizeof(int)};
    cl_mem sub =
        clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(runTwoArgs(q, through, parent, sub, 1), CL_COMPLETE);
    clEnqueueReadBuffer(q, parent, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
    CHECK_EQ(host[32], 5);
    CHECK_EQ(host[33], 1);
    /* parent[0] = 5 (through out), then parent[1] = sub[0] + 1 = parent[32] + 1 = 6. */
    CHECK_EQ(runTwoArgs(q, through, sub, parent, 1), CL_COMPLETE);
    clEnqueueReadBuffer(q, parent, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
    CHECK_EQ(host[0], 5);
    CHECK_EQ(host[1], 6);

    /* 3. Two overlapping sub-buffers (ints 0..47 and 32..63) of one parent: in = the second,
     * out = the first. out[0] = 5 is parent[0]; out[1] = in[0] + 1 = parent[32] + 1 = 8. */
    cl_mem fresh =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zeros, zeros, &err);
    cl_buffer_region low = {0, 48 * sizeof(int)}, high = {32 * sizeof(int), 32 * sizeof(int)};
    cl_mem lo =
        clCreateSubBuffer(fresh, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &low, &err);
    cl_mem hi =
        clCreateSubBuffer(fresh, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &high, &err);
    int seven = 7;
    clEnqueueWriteBuffer(q, fresh, CL_TRUE, 32 * sizeof(int), sizeof seven, &seven, 0, NULL, NULL);
    CHECK_EQ(runTwoArgs(q, through, hi, lo, 1), CL_COMPLETE);
    clEnqueueReadBuffer(q, fresh, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
    CHECK_EQ(host[0], 5);
    CHECK_EQ(host[1], 8);
    CHECK_EQ(host[32], 7);

    /* 4. Races: one buffer under two names races (reported in the diagnostics JSON, see
     * main's setenv); two buffers do not. A race does not fail the event. */
    cl_mem other =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zeros, zeros, &err);
    CHECK_EQ(runTwoArgs(q, race, buf, other, 2), CL_COMPLETE);
    CHECK_EQ(fileContains(kJson, "data-race"), 0);
    CHECK_EQ(runTwoArgs(q, race, buf, buf, 2), CL_COMPLETE);
    CHECK_EQ(fileContains(kJson, "data-race"), 1);

    clReleaseMemObject(lo);
    clReleaseMemObject(hi);
    clReleaseMemObject(fresh);
    clReleaseMemObject(other);
    clReleaseMemObject(sub);
    clReleaseMemObject(parent);
    clReleaseMemObject(buf);
    clReleaseKernel(through);
    clReleaseKernel(race);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    if (failures)
        fprintf(stderr, "%d checks failed\n", failures);
    else
        printf("all aliasing checks passed\n");
    return failures ? 1 : 0;
}
