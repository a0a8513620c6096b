/* A launch that the interpreter cannot even set up: the host runs out of memory while the
 * launch copies its buffers in (outside every work-item). The program must not be killed:
 * the event gets a negative status, the diagnostic is "launch-stopped" at the kernel's
 * file:line:col (stderr and the CLSTEP_DIAGNOSTICS_JSON file), and once memory is available
 * again the next launch of the same kernel runs and gives the right answer.
 *
 * The shortage is real, not simulated: the program lowers its own address-space limit
 * (setrlimit RLIMIT_AS, the soft limit only, so it can raise it again) to what it uses plus
 * less than one copy of its 256 MiB buffer, enqueues, and then restores the limit.
 *
 * Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest case platform.launch_stopped;
 * not under AddressSanitizer, which reserves terabytes of address space). Prints one line per
 * failed check and exits 1 if any failed. */
#define _POSIX_C_SOURCE 200809L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "Checks.h"
#include "OneProgram.h"

/* The kernel is declared on line 3, column 1 of the program's source. */
static const char* kSource = "// launch_stopped.c\n"
                             "\n"
                             "__kernel void touch(__global int* a) {\n"
                             "    a[get_global_id(0)] += 1;\n"
                             "}\n";

enum { kBytes = 256 << 20 };

static const char* kJson = "platform_launch_stopped_diagnostics.json";

/* The process's address space in use now (bytes), from /proc/self/statm. */
static size_t addressSpaceInUse(void) {
    unsigned long pages = 0;
    FILE* f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%lu", &pages) != 1) pages = 0;
        fclose(f);
    }
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

int main(void) {
    const struct OneProgram setup = openOneProgramWithDiagnostics(kSource, kJson);
    cl_int err = CL_SUCCESS;
    cl_kernel k = createKernelChecked(setup.p, "touch");
    cl_mem a = clCreateBuffer(setup.ctx, CL_MEM_READ_WRITE, kBytes, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    const int zero = 0;
    CHECK_EQ(clEnqueueFillBuffer(setup.q, a, &zero, sizeof zero, 0, kBytes, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(clFinish(setup.q), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(k, 0, sizeof a, &a), CL_SUCCESS);

    /* Room for small allocations and half a copy of the buffer, not for the launch's copies. */
    struct rlimit saved;
    CHECK_EQ(getrlimit(RLIMIT_AS, &saved), 0);
    struct rlimit low = saved;
    low.rlim_cur = addressSpaceInUse() + kBytes / 2;
    CHECK_EQ(setrlimit(RLIMIT_AS, &low), 0);
    const size_t global = 64;
    cl_event ev = NULL;
    err = clEnqueueNDRangeKernel(setup.q, k, 1, NULL, &global, NULL, 0, NULL, &ev);
    /* Refused at once for lack of host memory, or accepted and then failed: both are the
     * spec's answers; the process must survive either way. */
    cl_int status = err;
    if (err == CL_SUCCESS) {
        clWaitForEvents(1, &ev);
        CHECK_EQ(
            clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL),
            CL_SUCCESS);
        clReleaseEvent(ev);
    }
    clFinish(setup.q);
    CHECK_EQ(setrlimit(RLIMIT_AS, &saved), 0);
    CHECK(status < 0);
    CHECK(err != CL_SUCCESS || fileContains(kJson, "\"launch-stopped\""));
    CHECK(err != CL_SUCCESS || fileContains(kJson, "\"line\": 3"));

    /* Memory is back: the same launch runs, and the buffer holds what it did (only 1s in the
     * first 64 elements: the failed launch wrote nothing back). */
    ev = NULL;
    CHECK_EQ(clEnqueueNDRangeKernel(setup.q, k, 1, NULL, &global, NULL, 0, NULL, &ev), CL_SUCCESS);
    CHECK_EQ(clWaitForEvents(1, &ev), CL_SUCCESS);
    CHECK_EQ(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL),
             CL_SUCCESS);
    CHECK_EQ(status, CL_COMPLETE);
    clReleaseEvent(ev);
    int first[65];
    CHECK_EQ(clEnqueueReadBuffer(setup.q, a, CL_TRUE, 0, sizeof first, first, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(first[0], 1);
    CHECK_EQ(first[63], 1);
    CHECK_EQ(first[64], 0);

    clReleaseMemObject(a);
    clReleaseKernel(k);
    clReleaseProgram(setup.p);
    clReleaseCommandQueue(setup.q);
    clReleaseContext(setup.ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
