/* Regression test for issue #13 (pyopencl's test_sort[GenericDebugScanKernel] failed at
 * 786,437 and 1,048,577 elements): one work-item calls a function returning a structure
 * in a loop of more than 2^21 iterations, as pyopencl's radix sort with its debug scan does
 * (scan_t_from_value() and scan_t_add() return a scan_t per element). Each returned
 * structure is a temporary whose lifetime ends with its full expression (C11 6.2.4p8); it
 * used to live until the caller returned, so the kernel's frame ran out of private
 * allocations (2^21 - 1 per address space) and the launch stopped with no diagnostic
 * (event status CL_OUT_OF_RESOURCES, output buffer left as it was).
 *
 * Usage: platform_struct_return_loop
 *   The launch completes (CL_COMPLETE), the counts are right, no diagnostic is reported.
 * Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest case
 * platform.struct_return_loop). Prints one line per failed check and exits 1 if any failed. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"
#include "OneProgram.h"

static const char* kSource =
    "typedef struct { int c0; int c1; } pair_t;\n"
    "pair_t from_value(uint i) { pair_t r; r.c0 = (i & 1) == 0; r.c1 = (i & 1) != 0; "
    "return r; }\n"
    "pair_t add(pair_t a, pair_t b) { b.c0 += a.c0; b.c1 += a.c1; return b; }\n"
    "__kernel void count(__global int* out, uint n) {\n"
    "    pair_t current = from_value(0);\n"
    "    current.c0 = 0;\n"
    "    for (uint i = 0; i < n; ++i)\n"
    "        current = add(current, from_value(i));\n"
    "    out[0] = current.c0;\n"
    "    out[1] = current.c1;\n"
    "}\n";

/* Over 2^21 iterations, two returned structures each. */
enum { kIterations = 2200000 };

static const char* kJson = "platform_struct_return_loop_diagnostics.json";

/* 1 if the file `path` exists and is not empty. */
static int fileHasContent(const char* path) {
    FILE* f = fopen(path, "rb");
    if (!f) return 0;
    int c = fgetc(f);
    fclose(f);
    return c != EOF;
}

int main(void) {
    const struct OneProgram setup = openOneProgramWithDiagnostics(kSource, kJson);
    cl_context ctx = setup.ctx;
    cl_command_queue q = setup.q;
    cl_program p = setup.p;
    cl_kernel k = createKernelChecked(p, "count");
    cl_int err = CL_SUCCESS;

    const cl_uint n = kIterations;
    int out[2] = {-1, -1};
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof out, out, &err);
    clSetKernelArg(k, 0, sizeof b, &b);
    clSetKernelArg(k, 1, sizeof n, &n);
    CHECK_EQ(runOneGroup(q, k, 1), CL_COMPLETE);
    CHECK_EQ(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(out[0], (int)(n / 2 + n % 2));
    CHECK_EQ(out[1], (int)(n / 2));
    CHECK(!fileHasContent(kJson));
    clReleaseMemObject(b);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
