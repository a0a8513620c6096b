/* A small OpenCL host program for bench/image/blur_vs_oclgrind.sh: blurs a W x H (default
 * 512 x 512) CL_RGBA/CL_UNORM_INT8 image with a 3x3 box filter in an image2d_t + sampler_t
 * kernel (9 read_imagef per texel, CLK_ADDRESS_CLAMP_TO_EDGE, nearest filtering), reads the
 * result back and prints the kernel's time (event profiling, ns -> s) and a checksum of the
 * output, so two platforms' results can be compared. It takes the first platform the ICD
 * loader offers: select one with OCL_ICD_VENDORS. Usage: blur_host [W H]. Exit status 1 on
 * any OpenCL error. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>

static const char* kSource =
    "__constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                         CLK_FILTER_NEAREST;\n"
    "__kernel void blur(__read_only image2d_t src, __write_only image2d_t dst) {\n"
    "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "    float4 sum = (float4)(0.0f);\n"
    "    for (int dy = -1; dy <= 1; ++dy)\n"
    "        for (int dx = -1; dx <= 1; ++dx)\n"
    "            sum += read_imagef(src, s, p + (int2)(dx, dy));\n"
    "    write_imagef(dst, p, sum / 9.0f);\n"
    "}\n";

#define TRY(call)                                                                                  \
    do {                                                                                           \
        cl_int e_ = (call);                                                                        \
        if (e_ != CL_SUCCESS) {                                                                    \
            fprintf(stderr, "%s failed: %d\n", #call, e_);                                         \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

int main(int argc, char** argv) {
    size_t w = argc > 2 ? (size_t)atoi(argv[1]) : 512, h = argc > 2 ? (size_t)atoi(argv[2]) : 512;
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    TRY(clGetPlatformIDs(1, &platform, NULL));
    TRY(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TRY(err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
    TRY(err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    TRY(err);
    TRY(clBuildProgram(prog, 1, &device, NULL, NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "blur", &err);
    TRY(err);

    unsigned char* in = malloc(w * h * 4);
    unsigned char* out = malloc(w * h * 4);
    for (size_t i = 0; i < w * h * 4; ++i)
        in[i] = (unsigned char)((i * 2654435761u) >> 24);
    cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc = {0};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = w;
    desc.image_height = h;
    cl_mem src = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, &desc, in, &err);
    TRY(err);
    cl_mem dst = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &fmt, &desc, NULL, &err);
    TRY(err);
    TRY(clSetKernelArg(k, 0, sizeof src, &src));
    TRY(clSetKernelArg(k, 1, sizeof dst, &dst));
    size_t global[2] = {w, h}, local[2] = {16, 16};
    cl_event done;
    TRY(clEnqueueNDRangeKernel(q, k, 2, NULL, global, local, 0, NULL, &done));
    size_t origin[3] = {0, 0, 0}, region[3] = {w, h, 1};
    TRY(clEnqueueReadImage(q, dst, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
    cl_ulong start = 0, end = 0;
    TRY(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    TRY(clGetEventProfilingInfo(done, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    unsigned long long sum = 0;
    for (size_t i = 0; i < w * h * 4; ++i)
        sum = sum * 31 + out[i];
    printf("kernel %.3f s, checksum %llx\n", (double)(end - start) * 1e-9, sum);
    free(in);
    free(out);
    return 0;
}
