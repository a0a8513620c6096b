/* Whether a launch reuses the memory the launches before it freed (platform/FreedMemory.h),
 * and when the platform tunes malloc for that (at the first context on its device, not when
 * the platforms are listed):
 * the same checked launch (every check on: the race detector's shadow, the uninitialized-read
 * check's shadow of a buffer created without data, the platform's copies) is run five times
 * over 1 MiB buffers, and the fewest page faults of launches 2 to 5 are kept (getrusage,
 * every thread of the process; how much a parallel run holds at its peak depends on how its
 * threads were scheduled, so one launch may still need some new pages). With the allocator
 * keeping freed memory (the `keep_memory` setting's default) a launch faults in few new
 * pages; without it (`CLSTEP_KEEP_MEMORY=0`, which this program is run with when its argument
 * is "fresh") each launch faults in its shadows and buffers again. The values are checked too.
 * Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest cases
 * platform.launch_page_faults and platform.launch_page_faults_fresh). Prints one line per
 * failed check, exits 1 if any failed. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "Checks.h"
#include "OneProgram.h"

/* The inputs are not `const`: the race detector records the reads of a buffer bound only to
 * `__global const` parameters in no shadow (checks/ConstPointees.h), and the launch must
 * allocate every shadow for the fresh case to show its faults. */
static const char* kSource =
    "__kernel void add(__global int* o, __global int* a, __global int* b) {\n"
    "    size_t i = get_global_id(0);\n"
    "    o[i] = a[i] + b[i];\n"
    "}\n";

enum { kInts = 1 << 18 }; /* 1 MiB buffers */
enum { kLaunches = 5 };
/* Measured on a loaded 2-core machine: a launch that reuses memory faults in 17 to 3,300 pages
 * (the fewest of launches 2 to 5: 6 to 8); one that does not, about 12,400 to 12,700 each
 * time. */
enum { kFewPages = 4096 };
enum { kManyPages = 8192 };

static long minorFaults(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

/* Whether a block of kProbe bytes, allocated now and kept, is a mapping of its own (malloc
 * left as it is: over its default 128 KiB mmap threshold) rather than heap (the platform's
 * 32 MiB threshold). */
enum { kProbe = 24 << 20 };
static int probeIsMapped(void** keep) {
    const size_t before = mallinfo2().hblks;
    *keep = malloc(kProbe);
    return mallinfo2().hblks > before;
}

int main(int argc, char** argv) {
    const int fresh = argc > 1 && strcmp(argv[1], "fresh") == 0;
    /* Listing the platforms leaves malloc as the program has it (a program may list clstep and
     * use another platform); making a context on clstep's device sets it to keep freed memory,
     * unless CLSTEP_KEEP_MEMORY=0. The probes are kept to the end: freeing a mapped block
     * would raise glibc's dynamic mmap threshold. */
    cl_platform_id listed;
    CHECK_EQ(clGetPlatformIDs(1, &listed, NULL), CL_SUCCESS);
    void* beforeContext = NULL;
    CHECK(probeIsMapped(&beforeContext));
    const struct OneProgram setup = openOneProgram(kSource);
    void* afterContext = NULL;
    CHECK_EQ(probeIsMapped(&afterContext), fresh);
    cl_kernel add = createKernelChecked(setup.p, "add");
    cl_int err = CL_SUCCESS;
    int* host = malloc(kInts * sizeof(int));
    for (int i = 0; i < kInts; ++i)
        host[i] = i;
    cl_mem o = clCreateBuffer(setup.ctx, CL_MEM_WRITE_ONLY, kInts * sizeof(int), NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem a = clCreateBuffer(setup.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              kInts * sizeof(int), host, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem b = clCreateBuffer(setup.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              kInts * sizeof(int), host, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clSetKernelArg(add, 0, sizeof o, &o);
    clSetKernelArg(add, 1, sizeof a, &a);
    clSetKernelArg(add, 2, sizeof b, &b);
    size_t global = kInts, local = 64;
    long fewest = -1;
    for (int launch = 0; launch < kLaunches; ++launch) {
        const long before = minorFaults();
        CHECK_EQ(clEnqueueNDRangeKernel(setup.q, add, 1, NULL, &global, &local, 0, NULL, NULL),
                 CL_SUCCESS);
        CHECK_EQ(clFinish(setup.q), CL_SUCCESS);
        const long faults = minorFaults() - before;
        if (launch > 0 && (fewest < 0 || faults < fewest)) fewest = faults;
    }
    printf("launch_page_faults: the fewest minor page faults of launches 2 to %d: %ld (%s)\n",
           kLaunches, fewest, fresh ? "CLSTEP_KEEP_MEMORY=0" : "default");
    if (fresh)
        CHECK(fewest > kManyPages);
    else
        CHECK(fewest < kFewPages);
    memset(host, 0, kInts * sizeof(int));
    CHECK_EQ(clEnqueueReadBuffer(setup.q, o, CL_TRUE, 0, kInts * sizeof(int), host, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(host[1], 2);
    CHECK_EQ(host[kInts - 1], 2 * (kInts - 1));
    clReleaseMemObject(o);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    free(host);
    free(beforeContext);
    free(afterContext);
    printf("launch_page_faults: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
