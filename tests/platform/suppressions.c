/* CLSTEP_SUPPRESSIONS (docs/diagnostics.md, "Suppressions"): the platform leaves out the
 * reports its rules match. A kernel with two data races, one suppressed by FILE:LINE: only the
 * other is in the diagnostics JSON; an out-of-bounds write suppressed by kernel=NAME neither
 * is reported nor fails the launch's event. The "N reports suppressed by M rules" line the
 * platform prints at exit is checked by the CTest case (platform.suppressions). Prints one
 * line per failed check and exits 1 if any failed. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"
#include "OneProgram.h"

static const char* kSource = "__kernel void races(__global int* a, __global int* b) {\n"
                             "    a[0] = get_global_id(0);\n"
                             "    b[0] = get_global_id(0);\n"
                             "}\n"
                             "__kernel void oob(__global int* a) {\n"
                             "    a[get_global_id(0) + 100] = 1;\n"
                             "}\n";

static const char* kJson = "platform_suppressions_diagnostics.json";
static const char* kRules = "platform_suppressions.supp";

int main(void) {
    FILE* rules = fopen(kRules, "w");
    CHECK(rules != NULL);
    if (!rules) return 1;
    fputs("# the race on a[0] and the out-of-bounds kernel are known\n"
          "data-race      clstep-program-1.cl:2\n"
          "out-of-bounds  kernel=oob  /Invalid write/\n",
          rules);
    fclose(rules);
    setenv("CLSTEP_SUPPRESSIONS", kRules, 1);
    const struct OneProgram setup = openOneProgramWithDiagnostics(kSource, kJson);
    cl_int err = CL_SUCCESS;
    cl_kernel races = createKernelChecked(setup.p, "races");
    cl_kernel oob = createKernelChecked(setup.p, "oob");
    cl_mem a = clCreateBuffer(setup.ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
    cl_mem b = clCreateBuffer(setup.ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);

    clSetKernelArg(races, 0, sizeof a, &a);
    clSetKernelArg(races, 1, sizeof b, &b);
    CHECK_EQ(runOneGroup(setup.q, races, 2), CL_COMPLETE);
    /* The race on b[0] (line 3) is reported; the one on a[0] (line 2) is not. */
    CHECK(fileContains(kJson, "\"buffer\": \"b\""));
    CHECK(!fileContains(kJson, "\"buffer\": \"a\""));
    CHECK(fileContains(kJson, "'b'"));
    CHECK(!fileContains(kJson, "'a'"));

    /* A suppressed error is as if it had not been made: the event completes. */
    clSetKernelArg(oob, 0, sizeof a, &a);
    CHECK_EQ(runOneGroup(setup.q, oob, 1), CL_COMPLETE);
    CHECK(!fileContains(kJson, "\"kind\": \"out-of-bounds\""));
    /* The summary in the JSON counts what each rule took. */
    CHECK(fileContains(kJson, "\"rule\": \"out-of-bounds  kernel=oob  /Invalid write/\""));

    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseKernel(races);
    clReleaseKernel(oob);
    clReleaseProgram(setup.p);
    clReleaseCommandQueue(setup.q);
    clReleaseContext(setup.ctx);
    remove(kRules);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
