/* One work-item that walks a large buffer on its own, as pyopencl's GenericDebugScanKernel
 * does (a sequential scan in a single work-item; test_algorithm.py::test_index_preservation
 * scans 8,388,611 elements that way): the platform's default statement limit per work-item
 * must let such a kernel finish (it executes more than 100,000,000 statements), while an
 * explicit CLSTEP_MAX_STEPS still stops it with a negative event status.
 *
 * Usage: platform_long_work_item [stopped]
 *   (no argument)  the launch completes and the scan's last element is right
 *   stopped        run with a small CLSTEP_MAX_STEPS: the event's status is negative, and
 *                  the step-limit diagnostic names the variable that raises the limit
 * Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest cases
 * platform.long_work_item and platform.long_work_item_limit). Prints one line per failed
 * check and exits 1 if any failed. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"
#include "OneProgram.h"

/* An inclusive scan of `n` ints by work-item 0 alone; 3 statements per element (the loop
 * step, the sum, the store), so 40,000,000 elements take about 120,000,000 statements. */
static const char* kSource = "__kernel void serial_scan(__global int* a, uint n) {\n"
                             "    int sum = 0;\n"
                             "    for (uint i = 0; i < n; ++i) {\n"
                             "        sum += a[i];\n"
                             "        a[i] = sum;\n"
                             "    }\n"
                             "}\n";

enum { kElements = 40000000 };

/* One file per mode: the two CTest cases may run at the same time in the same directory. */
static const char* kJson = "platform_long_work_item_diagnostics.json";
static const char* kJsonStopped = "platform_long_work_item_limit_diagnostics.json";

int main(int argc, char** argv) {
    const int expectStopped = argc > 1 && strcmp(argv[1], "stopped") == 0;
    if (expectStopped) kJson = kJsonStopped;
    const struct OneProgram setup = openOneProgramWithDiagnostics(kSource, kJson);
    cl_context ctx = setup.ctx;
    cl_command_queue q = setup.q;
    cl_program p = setup.p;
    cl_kernel k = createKernelChecked(p, "serial_scan");
    cl_int err = CL_SUCCESS;

    const cl_uint n = kElements;
    const int one = 1;
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (size_t)n * sizeof(int), NULL, &err);
    CHECK_EQ(clEnqueueFillBuffer(q, a, &one, sizeof one, 0, (size_t)n * sizeof(int), 0, NULL, NULL),
             CL_SUCCESS);
    clSetKernelArg(k, 0, sizeof a, &a);
    clSetKernelArg(k, 1, sizeof n, &n);
    /* CL_COMPLETE, or negative: the launch failed (step-limit in the JSON, checked below) */
    const cl_int status = runOneGroup(q, k, 1);
    int last = 0;
    CHECK_EQ(clEnqueueReadBuffer(q, a, CL_TRUE, (size_t)(n - 1) * sizeof(int), sizeof last, &last,
                                 0, NULL, NULL),
             CL_SUCCESS);
    if (expectStopped) {
        CHECK(status < 0);
        CHECK(fileContains(kJson, "step-limit"));
        CHECK(fileContains(kJson, "CLSTEP_MAX_STEPS"));
    } else {
        CHECK_EQ(status, CL_COMPLETE);
        CHECK_EQ(last, (int)n);
        CHECK(!fileContains(kJson, "step-limit"));
    }
    clReleaseMemObject(a);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
