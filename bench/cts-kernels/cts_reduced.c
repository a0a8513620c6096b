// Reduced equivalents of slow CTS sub-tests, run through the ICD loader, so the platform's own
// work (argument copies, write-back) is measured with the interpreter's (docs/conformance.md,
// branch ctsspeed). Build: gcc -O1 -o cts_reduced cts_reduced.c -lOpenCL; run with
// OCL_ICD_VENDORS=build/lib/libclstep-opencl.so (CLSTEP_CHECKS=none for the checks off), e.g.
// under valgrind --tool=callgrind. Prints "passed" when the results are right.
// cts_reduced image W H LX LY   : imagedim's kernel on a WxH CL_RGBA/CL_UNORM_INT8 image
//                                 (LX 0: NULL local size)
// cts_reduced async g2l|l2g LOCAL GROUPS : async_copy_global_to_local / _local_to_global's kernel
//                                 for int, GROUPS work-groups of LOCAL work-items
// cts_reduced add N             : dst = srcA + srcB over N ints, 2 launches (test_integer_ops
//                                 quick_*)
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char* imageSrc =
"__kernel void test_image_dim(read_only image2d_t srcimg, write_only image2d_t dstimg, sampler_t sampler)\n"
"{ int tid_x = get_global_id(0); int tid_y = get_global_id(1); float4 color;\n"
"  color = read_imagef(srcimg, sampler, (int2)(tid_x, tid_y));\n"
"  write_imagef(dstimg, (int2)(tid_x, tid_y), color); }\n";
static const char* addSrc =
"__kernel void test_add(__global int *srcA, __global int *srcB, __global int *dst)\n"
"{ int tid = get_global_id(0); dst[tid] = srcA[tid] + srcB[tid]; }\n";
static const char* g2lSrc =
"__kernel void test_fn( const __global int *src, __global int *dst, __local int *localBuffer, int copiesPerWorkgroup, int copiesPerWorkItem )\n"
"{ int i;\n for(i=0; i<copiesPerWorkItem; i++) localBuffer[ get_local_id( 0 )*copiesPerWorkItem+i ] = (int)(int)0;\n"
"  barrier( CLK_LOCAL_MEM_FENCE ); event_t event;\n"
"  event = async_work_group_copy( (__local int*)localBuffer, (__global const int*)(src+copiesPerWorkgroup*get_group_id(0)), (size_t)copiesPerWorkgroup, 0 );\n"
"  wait_group_events( 1, &event );\n"
"  for(i=0; i<copiesPerWorkItem; i++) dst[ get_global_id( 0 )*copiesPerWorkItem+i ] = localBuffer[ get_local_id( 0 )*copiesPerWorkItem+i ]; }\n";
static const char* l2gSrc =
"__kernel void test_fn( const __global int *src, __global int *dst, __local int *localBuffer, int copiesPerWorkgroup, int copiesPerWorkItem )\n"
"{ int i;\n for(i=0; i<copiesPerWorkItem; i++) localBuffer[ get_local_id( 0 )*copiesPerWorkItem+i ] = (int)(int)0;\n"
"  barrier( CLK_LOCAL_MEM_FENCE );\n"
"  for(i=0; i<copiesPerWorkItem; i++) localBuffer[ get_local_id( 0 )*copiesPerWorkItem+i ] = src[ get_global_id( 0 )*copiesPerWorkItem+i ];\n"
"  barrier( CLK_LOCAL_MEM_FENCE ); event_t event;\n"
"  event = async_work_group_copy((__global int*)(dst+copiesPerWorkgroup*get_group_id(0)), (__local const int*)localBuffer, (size_t)copiesPerWorkgroup, 0 );\n"
"  wait_group_events( 1, &event ); }\n";
#define CHECK(e) do { if ((e) != CL_SUCCESS) { fprintf(stderr, "line %d: error %d\n", __LINE__, (int)(e)); exit(1); } } while (0)
int main(int argc, char** argv) {
    cl_platform_id p; cl_device_id d; cl_int err;
    CHECK(clGetPlatformIDs(1, &p, NULL));
    CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
    cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &err); CHECK(err);
    cl_command_queue q = clCreateCommandQueueWithProperties(c, d, NULL, &err); CHECK(err);
    int image = argc > 1 && !strcmp(argv[1], "image");
    int add = argc > 1 && !strcmp(argv[1], "add");
    const char* src = add ? addSrc : image ? imageSrc : (argc > 2 && !strcmp(argv[2], "l2g") ? l2gSrc : g2lSrc);
    cl_program prog = clCreateProgramWithSource(c, 1, &src, NULL, &err); CHECK(err);
    CHECK(clBuildProgram(prog, 1, &d, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, add ? "test_add" : image ? "test_image_dim" : "test_fn", &err); CHECK(err);
    int bad = 0;
    if (add) {
        size_t n = atoi(argv[2]);
        int* a = malloc(n * 4); int* b = malloc(n * 4); int* out = calloc(n, 4);
        for (size_t i = 0; i < n; ++i) { a[i] = (int)(i * 2654435761u); b[i] = (int)i; }
        cl_mem ma = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, n * 4, a, &err); CHECK(err);
        cl_mem mb = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, n * 4, b, &err); CHECK(err);
        cl_mem mo = clCreateBuffer(c, CL_MEM_READ_WRITE, n * 4, NULL, &err); CHECK(err);
        CHECK(clSetKernelArg(k, 0, sizeof ma, &ma)); CHECK(clSetKernelArg(k, 1, sizeof mb, &mb));
        CHECK(clSetKernelArg(k, 2, sizeof mo, &mo));
        for (int rep = 0; rep < 2; ++rep)
            CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(q, mo, CL_TRUE, 0, n * 4, out, 0, NULL, NULL));
        for (size_t i = 0; i < n; ++i) bad |= out[i] != (int)((unsigned)a[i] + (unsigned)b[i]);
    } else if (image) {
        size_t w = atoi(argv[2]), h = atoi(argv[3]), lx = atoi(argv[4]), ly = atoi(argv[5]);
        size_t n = 4 * w * h;
        unsigned char* in = malloc(n); unsigned char* out = malloc(n);
        for (size_t i = 0; i < n; ++i) in[i] = (unsigned char)(i * 2654435761u >> 13);
        cl_image_format f = {CL_RGBA, CL_UNORM_INT8};
        cl_image_desc desc = {CL_MEM_OBJECT_IMAGE2D, w, h, 0, 0, 0, 0, 0, 0, {NULL}};
        cl_mem a = clCreateImage(c, CL_MEM_READ_WRITE, &f, &desc, NULL, &err); CHECK(err);
        cl_mem b = clCreateImage(c, CL_MEM_READ_WRITE, &f, &desc, NULL, &err); CHECK(err);
        size_t origin[3] = {0, 0, 0}, region[3] = {w, h, 1};
        CHECK(clEnqueueWriteImage(q, a, CL_FALSE, origin, region, 0, 0, in, 0, NULL, NULL));
        cl_sampler s = clCreateSampler(c, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &err); CHECK(err);
        CHECK(clSetKernelArg(k, 0, sizeof a, &a)); CHECK(clSetKernelArg(k, 1, sizeof b, &b));
        CHECK(clSetKernelArg(k, 2, sizeof s, &s));
        size_t g[2] = {w, h}, l[2] = {lx, ly};
        CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, lx ? l : NULL, 0, NULL, NULL));
        CHECK(clEnqueueReadImage(q, b, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
        bad = memcmp(in, out, n) != 0;
    } else {
        int local = atoi(argv[3]), groups = atoi(argv[4]), perItem = 13, perGroup = perItem * local;
        size_t n = (size_t)perGroup * groups;
        int* in = malloc(n * 4); int* out = calloc(n, 4);
        for (size_t i = 0; i < n; ++i) in[i] = (int)(i * 2654435761u);
        cl_mem a = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, n * 4, in, &err); CHECK(err);
        cl_mem b = clCreateBuffer(c, CL_MEM_COPY_HOST_PTR, n * 4, out, &err); CHECK(err);
        CHECK(clSetKernelArg(k, 0, sizeof a, &a)); CHECK(clSetKernelArg(k, 1, sizeof b, &b));
        CHECK(clSetKernelArg(k, 2, perGroup * 4, NULL));
        CHECK(clSetKernelArg(k, 3, 4, &perGroup)); CHECK(clSetKernelArg(k, 4, 4, &perItem));
        size_t g = n / perItem, l = local;
        CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, n * 4, out, 0, NULL, NULL));
        bad = memcmp(in, out, n * 4) != 0;
    }
    printf("%s\n", bad ? "FAILED" : "passed");
    return bad;
}
