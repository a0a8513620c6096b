/* How many copies of a buffer argument a launch makes (the platform's per-launch cost for the
 * CTS's many small launches over large buffers, docs/conformance.md, branch `ctswi`): the
 * program replaces malloc to count the allocations of at least the buffer's size made during
 * clEnqueueNDRangeKernel. A launch needs two: the snapshot of the cl_mem's bytes (the
 * "before" of the write-back of changed bytes) and the interpreter's own buffer; it used to
 * make four (the arguments copied again into the run, and the final bytes copied out of it
 * before the write-back). The written-back values are checked too: an unshared buffer, a
 * buffer passed twice, a sub-buffer with its parent, and a read-only buffer that is not
 * written back. Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest case
 * platform.launch_copies). Prints one line per failed check and exits 1 if any failed. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"
#include "OneProgram.h"

/* glibc's own allocator, which the replacement below forwards to (the other allocation
 * functions stay glibc's: they work on these blocks). */
extern void* __libc_malloc(size_t size);

/* Allocations of at least `g_countFrom` bytes since counting began (0: not counting). */
static size_t g_countFrom = 0;
static int g_large = 0;

void* malloc(size_t size) {
    if (g_countFrom && size >= g_countFrom) __atomic_add_fetch(&g_large, 1, __ATOMIC_RELAXED);
    return __libc_malloc(size);
}

static const char* kSource =
    "__kernel void scale(__global int* io, __global const int* in) {\n"
    "    size_t i = get_global_id(0);\n"
    "    io[i] = in[i] * 3 + 1;\n"
    "}\n"
    /* Work-item 0 writes through `a`, which may be `b` itself or a sub-buffer of it. */
    "__kernel void pair(__global int* a, __global int* b) {\n"
    "    a[0] = 7; b[1] = 9;\n"
    "}\n"
    /* One cl_mem as `a` and as `b`: two copies (other address spaces), `b`'s unchanged. */
    "__kernel void spaces(__global int* a, __constant int* b) {\n"
    "    a[0] = 5; a[1] = b[2] + 1;\n"
    "}\n";

enum { kInts = 1 << 20 }; /* 4 MiB buffers */

/* Runs `k` on `global` work-items in one launch of work-groups of 64, counting the large
 * allocations it makes; returns the event's status. */
static cl_int countedLaunch(cl_command_queue q, cl_kernel k, size_t global, int* large) {
    size_t local = global < 64 ? global : 64;
    cl_event e;
    __atomic_store_n(&g_large, 0, __ATOMIC_RELAXED);
    g_countFrom = kInts * sizeof(int);
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &e);
    clFinish(q);
    g_countFrom = 0;
    *large = __atomic_load_n(&g_large, __ATOMIC_RELAXED);
    if (err != CL_SUCCESS) return err;
    cl_int status = 0;
    clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    clReleaseEvent(e);
    return status;
}

int main(void) {
    /* One thread runs the work-groups (a parallel run keeps one more copy, to run them again
     * in order when they turn out to share bytes), and no check keeps shadow memory of the
     * buffers: what is counted is the platform's own copies. */
    setenv("CLSTEP_CHECKS", "none", 1);
    const struct OneProgram setup = openOneProgram(kSource);
    cl_context ctx = setup.ctx;
    cl_command_queue q = setup.q;
    cl_kernel scale = createKernelChecked(setup.p, "scale");
    cl_kernel pair = createKernelChecked(setup.p, "pair");
    cl_int err = CL_SUCCESS;

    int* host = malloc(kInts * sizeof(int));
    for (int i = 0; i < kInts; ++i)
        host[i] = i;
    cl_mem io = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, kInts * sizeof(int),
                               host, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, kInts * sizeof(int),
                               host, &err);
    CHECK_EQ(err, CL_SUCCESS);

    /* 1. Two 4 MiB buffers, 64 work-items (the rest of `io` unchanged): two copies each. */
    clSetKernelArg(scale, 0, sizeof io, &io);
    clSetKernelArg(scale, 1, sizeof in, &in);
    int large = -1;
    CHECK_EQ(countedLaunch(q, scale, 64, &large), CL_COMPLETE);
    CHECK_EQ(large, 4);
    memset(host, 0, kInts * sizeof(int));
    clEnqueueReadBuffer(q, io, CL_TRUE, 0, kInts * sizeof(int), host, 0, NULL, NULL);
    CHECK_EQ(host[0], 1);
    CHECK_EQ(host[63], 63 * 3 + 1);
    CHECK_EQ(host[64], 64);
    CHECK_EQ(host[kInts - 1], kInts - 1);
    /* The read-only input is not written back (and the kernel did not change it). */
    clEnqueueReadBuffer(q, in, CL_TRUE, 0, kInts * sizeof(int), host, 0, NULL, NULL);
    CHECK_EQ(host[63], 63);

    /* 2. The same launch again: the next launch starts from the written-back values. */
    CHECK_EQ(countedLaunch(q, scale, 64, &large), CL_COMPLETE);
    CHECK_EQ(large, 4);
    clEnqueueReadBuffer(q, io, CL_TRUE, 0, kInts * sizeof(int), host, 0, NULL, NULL);
    CHECK_EQ(host[1], 4); /* in[1] * 3 + 1 again */

    /* 3. One buffer passed twice: one shared copy; both writes land. */
    clSetKernelArg(pair, 0, sizeof io, &io);
    clSetKernelArg(pair, 1, sizeof io, &io);
    CHECK_EQ(countedLaunch(q, pair, 1, &large), CL_COMPLETE);
    CHECK_EQ(large, 2);
    clEnqueueReadBuffer(q, io, CL_TRUE, 0, 4 * sizeof(int), host, 0, NULL, NULL);
    CHECK_EQ(host[0], 7);
    CHECK_EQ(host[1], 9);
    CHECK_EQ(host[2], 2 * 3 + 1);

    /* 4. A sub-buffer (ints 32..63) with its parent: a[0] is parent[32]. */
    cl_buffer_region region = {32 * sizeof(int), 32 * sizeof(int)};
    cl_mem sub =
        clCreateSubBuffer(io, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clSetKernelArg(pair, 0, sizeof sub, &sub);
    clSetKernelArg(pair, 1, sizeof io, &io);
    CHECK_EQ(countedLaunch(q, pair, 1, &large), CL_COMPLETE);
    CHECK_EQ(large, 2);
    clEnqueueReadBuffer(q, io, CL_TRUE, 0, 64 * sizeof(int), host, 0, NULL, NULL);
    CHECK_EQ(host[32], 7);
    CHECK_EQ(host[1], 9);
    CHECK_EQ(host[33], 33 * 3 + 1);

    /* 5. One buffer in two address spaces: two copies of its bytes in the launch. Only `a`'s
     * changed bytes are written back; `b`'s copy, unchanged, must not overwrite them (a
     * write-back of every byte, which an argument alone on its buffer gets, would). */
    int small[64];
    for (int i = 0; i < 64; ++i)
        small[i] = 10 * i;
    cl_mem both =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof small, small, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_kernel spaces = createKernelChecked(setup.p, "spaces");
    clSetKernelArg(spaces, 0, sizeof both, &both);
    clSetKernelArg(spaces, 1, sizeof both, &both);
    CHECK_EQ(countedLaunch(q, spaces, 1, &large), CL_COMPLETE);
    memset(small, 0, sizeof small);
    clEnqueueReadBuffer(q, both, CL_TRUE, 0, sizeof small, small, 0, NULL, NULL);
    CHECK_EQ(small[0], 5);
    CHECK_EQ(small[1], 21);
    CHECK_EQ(small[2], 20);
    CHECK_EQ(small[63], 630);
    clReleaseKernel(spaces);
    clReleaseMemObject(both);

    clReleaseMemObject(sub);
    clReleaseMemObject(io);
    clReleaseMemObject(in);
    free(host);
    printf("launch_copies: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
