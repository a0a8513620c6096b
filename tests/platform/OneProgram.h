/* Set-up shared by the platform's single-program C tests (aliasing.c, long_work_item.c,
 * struct_return_loop.c): the first platform's first device, a context, an in-order queue
 * and one program built from source with no options; each failed step is a failed CHECK
 * (Checks.h). Also fileContains, for the tests that read the diagnostics JSON the platform
 * writes to CLSTEP_DIAGNOSTICS_JSON. */
#ifndef CLSTEP_TESTS_PLATFORM_ONEPROGRAM_H
#define CLSTEP_TESTS_PLATFORM_ONEPROGRAM_H

#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"

/* The objects openOneProgram creates. */
struct OneProgram {
    cl_platform_id platform;
    cl_device_id device;
    cl_context ctx;
    cl_command_queue q;
    cl_program p;
};

/* Creates the context, queue and program of `source` and builds it (clBuildProgram must give
 * CL_SUCCESS). */
static inline struct OneProgram openOneProgram(const char* source) {
    struct OneProgram o;
    cl_int err = clGetPlatformIDs(1, &o.platform, NULL);
    CHECK_EQ(err, CL_SUCCESS);
    clGetDeviceIDs(o.platform, CL_DEVICE_TYPE_ALL, 1, &o.device, NULL);
    o.ctx = clCreateContext(NULL, 1, &o.device, NULL, NULL, &err);
    o.q = clCreateCommandQueue(o.ctx, o.device, 0, &err);
    o.p = clCreateProgramWithSource(o.ctx, 1, &source, NULL, &err);
    CHECK_EQ(clBuildProgram(o.p, 1, &o.device, "", NULL, NULL), CL_SUCCESS);
    return o;
}

/* clCreateKernel(p, name), which must succeed (a failed CHECK otherwise). */
static inline cl_kernel createKernelChecked(cl_program p, const char* name) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(p, name, &err);
    CHECK_EQ(err, CL_SUCCESS);
    return k;
}

/* Removes the file `json` and names it in CLSTEP_DIAGNOSTICS_JSON (read by the platform on
 * its first use: every launch's diagnostics go to this file), then openOneProgram(source). */
static inline struct OneProgram openOneProgramWithDiagnostics(const char* source,
                                                              const char* json) {
    remove(json);
    setenv("CLSTEP_DIAGNOSTICS_JSON", json, 1);
    return openOneProgram(source);
}

/* Enqueues `k` on `global` work-items in one work-group (its arguments already set), waits
 * for it and returns the event's execution status (CL_COMPLETE, or the negative status of a
 * failed launch), or clEnqueueNDRangeKernel's error code if it refused the launch. */
static inline cl_int runOneGroup(cl_command_queue q, cl_kernel k, size_t global) {
    size_t local = global;
    cl_event e;
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &e);
    if (err != CL_SUCCESS) return err;
    clWaitForEvents(1, &e);
    cl_int status = 0;
    clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
    clReleaseEvent(e);
    return status;
}

/* 1 if the file `path` contains `text` (the first 64 KiB are read), 0 if not or if it does
 * not exist. */
static inline int fileContains(const char* path, const char* text) {
    static char content[1 << 16];
    FILE* f = fopen(path, "rb");
    if (!f) return 0;
    size_t n = fread(content, 1, sizeof content - 1, f);
    fclose(f);
    content[n] = 0;
    return strstr(content, text) != NULL;
}

#endif
