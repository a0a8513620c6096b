/* Set-up shared by the platform's single-program C tests (aliasing.c, long_work_item.c,
 * struct_return_loop.c): the first platform's first device, a context, an in-order queue
 * and one program built from source with no options; each failed step is a failed CHECK
 * (Checks.h). Also fileContains, for the tests that read the diagnostics JSON the platform
 * writes to CLSTEP_DIAGNOSTICS_JSON. */
#ifndef CLSTEP_TESTS_PLATFORM_ONEPROGRAM_H
#define CLSTEP_TESTS_PLATFORM_ONEPROGRAM_H

#include <CL/cl.h>
#include <stdio.h>
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
