/* A host program that builds a broken kernel and ignores the error, as many applications
 * do (OpenCV falls back to its CPU path without a word): clBuildProgram with options, then
 * clCompileProgram of the same source. It exits 0 when both calls failed as the spec says;
 * the test (platform.exec_build_failure) checks that `clstep-cli exec` printed each failure
 * on stderr with the program's name, its kernel, the options and the file:line:col error. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

#include "Checks.h"

static const char* kBroken = "kernel void broken(global int* a) {\n"
                             "    a[0] = WIDTH + missing;\n"
                             "}\n";

int main(void) {
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    CHECK_EQ(clGetPlatformIDs(1, &platform, NULL), CL_SUCCESS);
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), CL_SUCCESS);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_program p = clCreateProgramWithSource(ctx, 1, &kBroken, NULL, &err);
    /* The error is ignored: no clGetProgramBuildInfo(CL_PROGRAM_BUILD_LOG). */
    CHECK_EQ(clBuildProgram(p, 1, &device, "-D WIDTH=4 -cl-std=CL1.2", NULL, NULL),
             CL_BUILD_PROGRAM_FAILURE);
    cl_program c = clCreateProgramWithSource(ctx, 1, &kBroken, NULL, &err);
    CHECK_EQ(clCompileProgram(c, 1, &device, "-D WIDTH=8", 0, NULL, NULL, NULL, NULL),
             CL_COMPILE_PROGRAM_FAILURE);
    CHECK_EQ(clCompileProgram(c, 1, &device, "-no-such-option", 0, NULL, NULL, NULL, NULL),
             CL_INVALID_COMPILER_OPTIONS);
    clReleaseProgram(c);
    clReleaseProgram(p);
    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
