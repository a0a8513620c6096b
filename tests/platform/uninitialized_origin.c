/* The origin of uninitialized reads of host buffers (docs/diagnostics.md "Origins"): a buffer
 * made by clCreateBuffer without data and never written is a noinit argument of the launch,
 * and each uninitialized-read names the kernel argument and the clCreateBuffer call's order
 * in the run ("buffer 2 created by clCreateBuffer without data"). A buffer created with
 * data, or written by clEnqueueWriteBuffer, or by an earlier launch, is initialized. Run
 * with OCL_ICD_VENDORS naming the build's clstep.icd (CTest case
 * platform.uninitialized_origin). Prints one line per failed check and exits 1 if any
 * failed. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"
#include "OneProgram.h"

static const char* kSource = "__kernel void copy(__global const int* in, __global int* out) {\n"
                             "    int i = get_global_id(0);\n"
                             "    out[i] = in[i];\n"
                             "}\n";

static const char* kJson = "platform_uninitialized_origin_diagnostics.json";

static void setArgs(cl_kernel k, cl_mem in, cl_mem out) {
    clSetKernelArg(k, 0, sizeof in, &in);
    clSetKernelArg(k, 1, sizeof out, &out);
}

int main(void) {
    const struct OneProgram setup = openOneProgramWithDiagnostics(kSource, kJson);
    cl_kernel copy = createKernelChecked(setup.p, "copy");
    cl_int err = CL_SUCCESS;
    int data[4] = {1, 2, 3, 4};

    /* Buffer 1 has data; buffer 2 is created without data: launch 1 reads it. */
    cl_mem out = clCreateBuffer(setup.ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data,
                                data, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem empty = clCreateBuffer(setup.ctx, CL_MEM_READ_WRITE, sizeof data, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    setArgs(copy, empty, out);
    CHECK_EQ(runOneGroup(setup.q, copy, 4), CL_COMPLETE);
    CHECK_EQ(fileContains(kJson, "\"uninitialized-read\""), 1);
    CHECK_EQ(fileContains(kJson, "kernel argument 'in' is buffer 2 created by clCreateBuffer "
                                 "without data"),
             1);
    CHECK_EQ(fileContains(kJson, "\"uninitialized_bytes\": 4"), 1);
    CHECK_EQ(fileContains(kJson, "4 of 4 bytes"), 1);

    /* Buffer 3, created without data, written by the host first: no report. The JSON file
     * holds every launch's reports, so it is read again for launch 2's only. */
    cl_mem written = clCreateBuffer(setup.ctx, CL_MEM_READ_WRITE, sizeof data, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clEnqueueWriteBuffer(setup.q, written, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL),
             CL_SUCCESS);
    setArgs(copy, written, out);
    CHECK_EQ(runOneGroup(setup.q, copy, 4), CL_COMPLETE);
    CHECK_EQ(fileContains(kJson, "\"launch\": 2"), 0); /* launch 2 reported nothing */

    /* Buffer 2 again, after launch 1 was given it: a launch may have written it. */
    setArgs(copy, empty, out);
    CHECK_EQ(runOneGroup(setup.q, copy, 4), CL_COMPLETE);
    CHECK_EQ(fileContains(kJson, "\"launch\": 3"), 0);

    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
