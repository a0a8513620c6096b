/* A host program written the way SDK samples use the API (CTest case platform.sdk_style):
 * clCompileProgram with embedded headers in a subdirectory that include each other, then
 * clLinkProgram of two objects; program info of an object and of the executable;
 * clCreateKernelsInProgram; a buffer with ALLOC_HOST_PTR and a sub-buffer at the device's
 * base-address alignment, mapped with CL_MAP_WRITE_INVALIDATE_REGION and unmapped; an
 * out-of-order queue whose first launch waits for a user event and the unmap, the second for
 * the first, with CL_SUBMITTED / CL_RUNNING / CL_COMPLETE callbacks (called in that order);
 * a rect copy from the sub-buffer; a 2D image and a sampler passed as kernel arguments;
 * profiling info. Run with OCL_ICD_VENDORS naming the build's clstep.icd. Prints one line per
 * failed check and exits 1 if any failed. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"

/* The callbacks in the order called: 10 * launch (user_data) + 0 CL_COMPLETE, 1 CL_RUNNING,
 * 2 CL_SUBMITTED. */
static int cb_order[8];
static int cb_n = 0;
/* clSetEventCallback's function: records (user_data, status) in cb_order. */
static void CL_CALLBACK cb(cl_event e, cl_int status, void* data) {
    (void)e;
    if (cb_n < 8)
        cb_order[cb_n++] = (int)(long)data * 10 + (status == CL_COMPLETE  ? 0
                                                   : status == CL_RUNNING ? 1
                                                                          : 2);
}

int main(void) {
    cl_platform_id p;
    cl_device_id d;
    cl_int err;
    CHECK_EQ(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
    CHECK_EQ(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), CL_SUCCESS);
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_command_queue q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_command_queue oq =
        clCreateCommandQueue(ctx, d, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
    CHECK_EQ(err, CL_SUCCESS);
    /* compile + link with headers */
    const char* hdr = "#define SCALE 3\nint scale(int x);\n";
    const char* hdr2 = "#include \"util.h\"\n#define OFFSET 7\n";
    const char* lib = "#include \"inc/util.h\"\nint scale(int x) { return x * SCALE; }\n";
    const char* main_src =
        "#include \"inc/more.h\"\n"
        "kernel void k1(global int *a) { size_t i = get_global_id(0); a[i] = scale(a[i]) + OFFSET; "
        "}\n"
        "kernel void k2(global int *a, int v) { a[get_global_id(0)] += v; }\n"
        "kernel void k3(read_only image2d_t im, sampler_t s, global float4 *out) {\n"
        "  int x = get_global_id(0), y = get_global_id(1);\n"
        "  out[y * get_image_width(im) + x] = read_imagef(im, s, (float2)(x + 0.5f, y + 0.5f) / "
        "(float2)(get_image_width(im), get_image_height(im))); }\n";
    cl_program hp = clCreateProgramWithSource(ctx, 1, &hdr, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_program hp2 = clCreateProgramWithSource(ctx, 1, &hdr2, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_program lp = clCreateProgramWithSource(ctx, 1, &lib, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_program mp = clCreateProgramWithSource(ctx, 1, &main_src, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_program hs[2] = {hp, hp2};
    const char* hn[2] = {"inc/util.h", "inc/more.h"};
    CHECK_EQ(clCompileProgram(lp, 1, &d, "", 1, hs, hn, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clCompileProgram(mp, 1, &d, "-cl-std=CL1.2", 2, hs, hn, NULL, NULL), CL_SUCCESS);
    size_t nk = 99, sz;
    CHECK(clGetProgramInfo(mp, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL) ==
          CL_INVALID_PROGRAM_EXECUTABLE);
    cl_program objs[2] = {lp, mp};
    cl_program prog = clLinkProgram(ctx, 1, &d, "", 2, objs, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_build_status bs;
    CHECK_EQ(clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL),
             CL_SUCCESS);
    CHECK(bs == CL_BUILD_SUCCESS);
    cl_program_binary_type bt;
    CHECK_EQ(clGetProgramBuildInfo(prog, d, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL),
             CL_SUCCESS);
    CHECK(bt == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
    CHECK_EQ(clGetProgramBuildInfo(lp, d, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL),
             CL_SUCCESS);
    CHECK(bt == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
    CHECK_EQ(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_SUCCESS);
    CHECK(nk == 3);
    char names[256];
    CHECK_EQ(clGetProgramInfo(prog, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, &sz), CL_SUCCESS);
    CHECK(!strcmp(names, "k1;k2;k3"));
    cl_kernel ks[3];
    cl_uint got = 0;
    CHECK(clCreateKernelsInProgram(prog, 2, ks, &got) == CL_INVALID_VALUE);
    CHECK_EQ(clCreateKernelsInProgram(prog, 3, ks, &got), CL_SUCCESS);
    CHECK(got == 3);
    cl_kernel k1 = NULL, k2 = NULL, k3 = NULL;
    for (int i = 0; i < 3; i++) {
        char n[32];
        CHECK_EQ(clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof n, n, NULL), CL_SUCCESS);
        if (!strcmp(n, "k1"))
            k1 = ks[i];
        else if (!strcmp(n, "k2"))
            k2 = ks[i];
        else if (!strcmp(n, "k3"))
            k3 = ks[i];
    }
    CHECK(k1 && k2 && k3);
    /* sub-buffers + map + user event gating + callbacks */
    cl_uint align;
    CHECK_EQ(clGetDeviceInfo(d, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align, &align, NULL),
             CL_SUCCESS);
    size_t n = 1024, off = align / 8; /* bytes */
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                n * sizeof(int) + off, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_buffer_region reg = {off, n * sizeof(int)};
    cl_mem sub =
        clCreateSubBuffer(buf, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
    CHECK_EQ(err, CL_SUCCESS);
    int* m = clEnqueueMapBuffer(q, sub, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, n * sizeof(int),
                                0, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    for (size_t i = 0; i < n; i++)
        m[i] = (int)i;
    cl_event unmapped;
    CHECK_EQ(clEnqueueUnmapMemObject(q, sub, m, 0, NULL, &unmapped), CL_SUCCESS);
    cl_event gate = clCreateUserEvent(ctx, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(k1, 0, sizeof sub, &sub), CL_SUCCESS);
    cl_event ev1, ev2, waits[2] = {gate, unmapped};
    CHECK_EQ(clEnqueueNDRangeKernel(oq, k1, 1, NULL, &n, NULL, 2, waits, &ev1), CL_SUCCESS);
    CHECK_EQ(clSetEventCallback(ev1, CL_COMPLETE, cb, (void*)1), CL_SUCCESS);
    CHECK_EQ(clSetEventCallback(ev1, CL_RUNNING, cb, (void*)1), CL_SUCCESS);
    CHECK_EQ(clSetEventCallback(ev1, CL_SUBMITTED, cb, (void*)1), CL_SUCCESS);
    int v = 100;
    CHECK_EQ(clSetKernelArg(k2, 0, sizeof sub, &sub), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(k2, 1, sizeof v, &v), CL_SUCCESS);
    CHECK_EQ(clEnqueueNDRangeKernel(oq, k2, 1, NULL, &n, NULL, 1, &ev1, &ev2), CL_SUCCESS);
    CHECK_EQ(clSetEventCallback(ev2, CL_COMPLETE, cb, (void*)2), CL_SUCCESS);
    cl_int st;
    CHECK_EQ(clGetEventInfo(ev1, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
             CL_SUCCESS);
    CHECK(st > CL_RUNNING || st == CL_QUEUED || st == CL_SUBMITTED);
    CHECK_EQ(clFlush(oq), CL_SUCCESS);
    CHECK_EQ(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
    CHECK_EQ(clWaitForEvents(1, &ev2), CL_SUCCESS);
    CHECK_EQ(clFinish(oq), CL_SUCCESS);
    CHECK_EQ(cb_n, 4);
    CHECK_EQ(cb_order[0], 12);
    CHECK_EQ(cb_order[1], 11);
    CHECK_EQ(cb_order[2], 10);
    CHECK_EQ(cb_order[3], 20);
    int out[1024];
    CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, off, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    for (size_t i = 0; i < n; i++)
        if (out[i] != (int)i * 3 + 7 + 100) {
            CHECK_EQ(out[i], (int)i * 3 + 107);
            break;
        }
    /* rect copy: a 2D 32x32 int region from buf (pitch 32) into a 40-wide buffer at (4,2) */
    cl_mem dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 40 * 40 * sizeof(int), NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    int zero = 0;
    CHECK_EQ(
        clEnqueueFillBuffer(q, dst, &zero, sizeof zero, 0, 40 * 40 * sizeof(int), 0, NULL, NULL),
        CL_SUCCESS);
    size_t so[3] = {0, 0, 0}, dorig[3] = {4 * sizeof(int), 2, 0},
           region[3] = {8 * sizeof(int), 16, 1};
    CHECK_EQ(clEnqueueCopyBufferRect(q, sub, dst, so, dorig, region, 32 * sizeof(int), 0,
                                     40 * sizeof(int), 0, 0, NULL, NULL),
             CL_SUCCESS);
    int* dm = clEnqueueMapBuffer(q, dst, CL_TRUE, CL_MAP_READ, 0, 40 * 40 * sizeof(int), 0, NULL,
                                 NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK(dm[2 * 40 + 4] == out[0] && dm[3 * 40 + 5] == out[33] &&
          dm[17 * 40 + 11] == out[15 * 32 + 7] && dm[18 * 40 + 4] == 0 && dm[2 * 40 + 12] == 0);
    CHECK_EQ(clEnqueueUnmapMemObject(q, dst, dm, 0, NULL, NULL), CL_SUCCESS);
    /* image + sampler as kernel argument */
    cl_image_format fmt = {CL_RGBA, CL_FLOAT};
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 8;
    desc.image_height = 4;
    float px[8 * 4 * 4];
    for (int i = 0; i < 8 * 4 * 4; i++)
        px[i] = (float)i;
    cl_mem im = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, &desc, px, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_sampler s = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem o = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof px, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(k3, 0, sizeof im, &im), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(k3, 1, sizeof s, &s), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(k3, 2, sizeof o, &o), CL_SUCCESS);
    size_t g2[2] = {8, 4};
    cl_event ke;
    CHECK_EQ(clEnqueueNDRangeKernel(q, k3, 2, NULL, g2, NULL, 0, NULL, &ke), CL_SUCCESS);
    float res[8 * 4 * 4];
    CHECK_EQ(clEnqueueReadBuffer(q, o, CL_TRUE, 0, sizeof res, res, 0, NULL, NULL), CL_SUCCESS);
    CHECK(!memcmp(res, px, sizeof px));
    cl_ulong t0, t1;
    CHECK_EQ(clGetEventProfilingInfo(ke, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL),
             CL_SUCCESS);
    CHECK_EQ(clGetEventProfilingInfo(ke, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL),
             CL_SUCCESS);
    CHECK(t1 >= t0);
    /* native kernel: not supported on this device */
    cl_device_exec_capabilities caps;
    CHECK_EQ(clGetDeviceInfo(d, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof caps, &caps, NULL),
             CL_SUCCESS);
    size_t gws[3];
    CHECK(clGetKernelWorkGroupInfo(k1, d, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof gws, gws, NULL) ==
          CL_INVALID_VALUE);
    CHECK_EQ(clReleaseMemObject(sub), CL_SUCCESS);
    CHECK_EQ(clReleaseMemObject(buf), CL_SUCCESS);
    CHECK_EQ(clReleaseEvent(ev1), CL_SUCCESS);
    CHECK_EQ(clReleaseEvent(ev2), CL_SUCCESS);
    CHECK_EQ(clReleaseEvent(gate), CL_SUCCESS);
    CHECK_EQ(clReleaseEvent(unmapped), CL_SUCCESS);
    CHECK_EQ(clReleaseEvent(ke), CL_SUCCESS);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(clReleaseKernel(ks[i]), CL_SUCCESS);
    CHECK_EQ(clReleaseProgram(prog), CL_SUCCESS);
    CHECK_EQ(clReleaseProgram(lp), CL_SUCCESS);
    CHECK_EQ(clReleaseProgram(mp), CL_SUCCESS);
    CHECK_EQ(clReleaseProgram(hp), CL_SUCCESS);
    CHECK_EQ(clReleaseProgram(hp2), CL_SUCCESS);
    CHECK_EQ(clReleaseMemObject(im), CL_SUCCESS);
    CHECK_EQ(clReleaseMemObject(o), CL_SUCCESS);
    CHECK_EQ(clReleaseMemObject(dst), CL_SUCCESS);
    CHECK_EQ(clReleaseSampler(s), CL_SUCCESS);
    CHECK_EQ(clReleaseCommandQueue(q), CL_SUCCESS);
    CHECK_EQ(clReleaseCommandQueue(oq), CL_SUCCESS);
    CHECK_EQ(clReleaseContext(ctx), CL_SUCCESS);
    printf("%d checks, %d failed\n", checks, failures);
    return failures != 0;
}
