/* Regression tests for what the Khronos conformance tests (test_api, bench/conformance.sh) found
 * wrong in clstep's platform, each with the code or value the OpenCL spec requires. Written for
 * clstep (no CTS code). Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest case
 * platform.cts_regressions). Prints one line per failed check and exits 1 if any failed. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>

#include "Checks.h"

static const char* kSource =
    /* 6.12.14.1: a program-scope sampler declared `const sampler_t` (test_api
     * negative_set_kernel_arg_invalid_image could not build this) */
    "const sampler_t samplerA = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_REPEAT |\n"
    "                           CLK_FILTER_NEAREST;\n"
    "__kernel void sampled(read_only image2d_t src, __global float4* dst, sampler_t s) {\n"
    "    dst[0] = read_imagef(src, samplerA, (int2)(0)) + read_imagef(src, s, (int2)(0));\n"
    "}\n"
    "__kernel void reader(read_only image2d_t src, __global float4* dst) {\n"
    "    dst[0] = read_imagef(src, (int2)(0));\n"
    "}\n"
    "__kernel void writer(write_only image2d_t dst) {\n"
    "    write_imagef(dst, (int2)(0), (float4)(1.0f));\n"
    "}\n"
    /* kernel-scope __local variables count in CL_KERNEL_LOCAL_MEM_SIZE (test_api
     * kernel_local_memory_size) */
    "__kernel void locals(__global int* data, __local int* extra) {\n"
    "    __local int array[10];\n"
    "    __local float4 more[2];\n"
    "    size_t id = get_global_id(0);\n"
    "    array[id] = 2 * (int)id;\n"
    "    extra[id] = array[id];\n"
    "    more[0] = (float4)(0.0f);\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    data[id] = extra[id] + (int)more[0].x;\n"
    "}\n";

/* Builds `count` sources as one program with -cl-std=CL2.0 (compiled and linked separately
 * when `separate`), runs writer(c, i) then reader(C, I) once each and checks that reader
 * sees what writer stored in the program-scope variable, and, before that, its initial value
 * 'a', 42 (test_basic progvar_prog_scope_misc). */
static void checkProgramScopeShared(cl_context ctx, cl_device_id device, cl_command_queue q,
                                    const char* writerSrc, const char* readerSrc, int separate) {
    cl_int err;
    cl_program prog = NULL;
    const char* opts = "-cl-std=CL2.0";
    if (separate) {
        cl_program parts[2];
        parts[0] = clCreateProgramWithSource(ctx, 1, &writerSrc, NULL, &err);
        parts[1] = clCreateProgramWithSource(ctx, 1, &readerSrc, NULL, &err);
        CHECK_EQ(clCompileProgram(parts[0], 1, &device, opts, 0, NULL, NULL, NULL, NULL),
                 CL_SUCCESS);
        CHECK_EQ(clCompileProgram(parts[1], 1, &device, opts, 0, NULL, NULL, NULL, NULL),
                 CL_SUCCESS);
        prog = clLinkProgram(ctx, 1, &device, "", 2, parts, NULL, NULL, &err);
        CHECK_EQ(err, CL_SUCCESS);
        clReleaseProgram(parts[0]);
        clReleaseProgram(parts[1]);
    } else {
        const char* both[2] = {writerSrc, readerSrc};
        prog = clCreateProgramWithSource(ctx, 2, both, NULL, &err);
        CHECK_EQ(clBuildProgram(prog, 1, &device, opts, NULL, NULL), CL_SUCCESS);
    }
    size_t total = 0;
    CHECK_EQ(clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                   sizeof total, &total, NULL),
             CL_SUCCESS);
    CHECK_EQ(total, 8); /* one struct { uchar; uint; } of 8 bytes, not two */
    cl_kernel w = clCreateKernel(prog, "writer", &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_kernel r = clCreateKernel(prog, "reader", &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem cm = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1, NULL, &err);
    cl_mem im = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &err);
    size_t one = 1;
    cl_uchar c = 0;
    cl_uint i = 0;
    clSetKernelArg(r, 0, sizeof cm, &cm);
    clSetKernelArg(r, 1, sizeof im, &im);
    CHECK_EQ(clEnqueueNDRangeKernel(q, r, 1, NULL, &one, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, cm, CL_TRUE, 0, 1, &c, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, im, CL_TRUE, 0, 4, &i, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(c, 'a'); /* the initializer of the definition */
    CHECK_EQ(i, 42);
    cl_uchar wc = 'x';
    cl_uint wi = 7;
    clSetKernelArg(w, 0, sizeof wc, &wc);
    clSetKernelArg(w, 1, sizeof wi, &wi);
    CHECK_EQ(clEnqueueNDRangeKernel(q, w, 1, NULL, &one, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueNDRangeKernel(q, r, 1, NULL, &one, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, cm, CL_TRUE, 0, 1, &c, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, im, CL_TRUE, 0, 4, &i, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(c, 'x'); /* what writer stored: one variable */
    CHECK_EQ(i, 7);
    clReleaseMemObject(cm);
    clReleaseMemObject(im);
    if (w) clReleaseKernel(w);
    if (r) clReleaseKernel(r);
    clReleaseProgram(prog);
}

int main(void) {
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    CHECK_EQ(clGetPlatformIDs(1, &platform, NULL), CL_SUCCESS);
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), CL_SUCCESS);

    /* clGetDeviceIDs: device_type 0 is not a valid value (CL_INVALID_DEVICE_TYPE, test_api
     * negative_get_device_ids) */
    cl_uint n = 7;
    CHECK_EQ(clGetDeviceIDs(platform, 0, 1, &device, &n), CL_INVALID_DEVICE_TYPE);

    /* clCreateContext(FromType): CL_CONTEXT_INTEROP_USER_SYNC takes CL_TRUE or CL_FALSE; another
     * value is CL_INVALID_PROPERTY (test_api negative_create_context(_from_type)) */
    /* (with CL_CONTEXT_PLATFORM: the ICD loader needs it to dispatch clCreateContextFromType) */
    cl_context_properties bad[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
                                   CL_CONTEXT_INTEROP_USER_SYNC, (cl_context_properties)-1, 0};
    cl_context_properties good[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
                                    CL_CONTEXT_INTEROP_USER_SYNC, CL_TRUE, 0};
    cl_context ctx = clCreateContext(bad, 1, &device, NULL, NULL, &err);
    CHECK(ctx == NULL);
    CHECK_EQ(err, CL_INVALID_PROPERTY);
    ctx = clCreateContextFromType(bad, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
    CHECK(ctx == NULL);
    CHECK_EQ(err, CL_INVALID_PROPERTY);
    ctx = clCreateContextFromType(good, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    if (ctx) clReleaseContext(ctx);
    ctx = clCreateContext(good, 1, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    if (!ctx) {
        printf("%d checks, %d failed\n", checks, failures);
        return 1;
    }

    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    err = clBuildProgram(prog, 1, &device, "", NULL, NULL);
    CHECK_EQ(err, CL_SUCCESS);
    if (err != CL_SUCCESS) {
        char log[4096] = "";
        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build log:\n%s\n", log);
        printf("%d checks, %d failed\n", checks, failures);
        return 1;
    }

    /* clSetKernelArg of a sampler_t argument without a valid sampler: CL_INVALID_SAMPLER (test_api
     * negative_invalid_arg_sampler passes NULL) */
    cl_kernel sampled = clCreateKernel(prog, "sampled", &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(sampled, 2, sizeof(cl_sampler), NULL), CL_INVALID_SAMPLER);
    cl_sampler sampler = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    CHECK_EQ(clSetKernelArg(sampled, 2, sizeof(cl_sampler), &sampler), CL_SUCCESS);

    /* An image created CL_MEM_READ_ONLY for a write_only argument, or CL_MEM_WRITE_ONLY for a
     * read_only one: CL_INVALID_ARG_VALUE (clSetKernelArg; test_api
     * negative_set_read_write_image_arg) */
    cl_image_format format = {CL_RGBA, CL_FLOAT};
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 4;
    desc.image_height = 4;
    cl_mem readOnly = clCreateImage(ctx, CL_MEM_READ_ONLY, &format, &desc, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem writeOnly = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &format, &desc, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem readWrite = clCreateImage(ctx, CL_MEM_READ_WRITE, &format, &desc, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_kernel reader = clCreateKernel(prog, "reader", &err);
    cl_kernel writer = clCreateKernel(prog, "writer", &err);
    CHECK_EQ(clSetKernelArg(writer, 0, sizeof(cl_mem), &readOnly), CL_INVALID_ARG_VALUE);
    CHECK_EQ(clSetKernelArg(reader, 0, sizeof(cl_mem), &writeOnly), CL_INVALID_ARG_VALUE);
    CHECK_EQ(clSetKernelArg(writer, 0, sizeof(cl_mem), &writeOnly), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(writer, 0, sizeof(cl_mem), &readWrite), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(reader, 0, sizeof(cl_mem), &readOnly), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(reader, 0, sizeof(cl_mem), &readWrite), CL_SUCCESS);

    /* CL_KERNEL_LOCAL_MEM_SIZE: the kernel's __local variables (40 + 32 bytes) plus its __local
     * arguments' sizes (clGetKernelWorkGroupInfo) */
    cl_kernel locals = clCreateKernel(prog, "locals", &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_ulong localBytes = 0;
    CHECK_EQ(clGetKernelWorkGroupInfo(locals, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof localBytes,
                                      &localBytes, NULL),
             CL_SUCCESS);
    CHECK_EQ(localBytes, 72);
    CHECK_EQ(clSetKernelArg(locals, 1, 64, NULL), CL_SUCCESS);
    CHECK_EQ(clGetKernelWorkGroupInfo(locals, device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof localBytes,
                                      &localBytes, NULL),
             CL_SUCCESS);
    CHECK_EQ(localBytes, 72 + 64);

    /* With cl_khr_fp16 enabled, a kernel takes `half` arguments (2 bytes; test_api
     * negative_invalid_arg_size); without the pragma it does not (6.9.k, as clang). */
    const char* halfSource = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
                             "__kernel void h(half s, __global half* d) { d[0] = s; }\n";
    const char* noPragma = "__kernel void h(half s, __global half* d) { d[0] = s; }\n";
    cl_program halfProg = clCreateProgramWithSource(ctx, 1, &halfSource, NULL, &err);
    CHECK_EQ(clBuildProgram(halfProg, 1, &device, "", NULL, NULL), CL_SUCCESS);
    cl_kernel h = clCreateKernel(halfProg, "h", &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_ushort halfOne = 0x3c00;
    CHECK_EQ(clSetKernelArg(h, 0, 1, &halfOne), CL_INVALID_ARG_SIZE);
    CHECK_EQ(clSetKernelArg(h, 0, sizeof halfOne, &halfOne), CL_SUCCESS);
    cl_program noPragmaProg = clCreateProgramWithSource(ctx, 1, &noPragma, NULL, &err);
    CHECK_EQ(clBuildProgram(noPragmaProg, 1, &device, "", NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    if (h) clReleaseKernel(h);
    clReleaseProgram(halfProg);
    clReleaseProgram(noPragmaProg);

    /* A program-scope variable declared again (extern, C99 6.2.2: external linkage) is the same
     * object, in one source and across clCompileProgram + clLinkProgram, also when each part
     * repeats the typedef of its anonymous struct (test_basic progvar_prog_scope_misc: the
     * reader saw a second, zero-initialized variable). */
    {
        const char* writerSrc = "typedef struct { uchar c; uint i; } my_struct_t;\n"
                                "my_struct_t var = { 'a', 42 };\n"
                                "kernel void writer(uchar c, uint i) { var.c = c; var.i = i; }\n";
        const char* readerSrc = "typedef struct { uchar c; uint i; } my_struct_t;\n"
                                "extern my_struct_t var;\n"
                                "kernel void reader(global uchar* C, global uint* I) {\n"
                                "    *C = var.c;\n"
                                "    *I = var.i;\n"
                                "}\n";
        const char* sameTypeReader = "extern my_struct_t var;\n"
                                     "kernel void reader(global uchar* C, global uint* I) {\n"
                                     "    *C = var.c;\n"
                                     "    *I = var.i;\n"
                                     "}\n";
        cl_command_queue pq = clCreateCommandQueue(ctx, device, 0, &err);
        CHECK_EQ(err, CL_SUCCESS);
        checkProgramScopeShared(ctx, device, pq, writerSrc, sameTypeReader, 0);
        checkProgramScopeShared(ctx, device, pq, writerSrc, readerSrc, 0);
        checkProgramScopeShared(ctx, device, pq, writerSrc, readerSrc, 1);
        clReleaseCommandQueue(pq);
    }

    clReleaseKernel(locals);
    clReleaseKernel(reader);
    clReleaseKernel(writer);
    clReleaseKernel(sampled);
    clReleaseSampler(sampler);
    clReleaseMemObject(readOnly);
    clReleaseMemObject(writeOnly);
    clReleaseMemObject(readWrite);
    clReleaseProgram(prog);
    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
