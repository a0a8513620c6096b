/* Host program for `clstep-cli exec --break-on` (CTest cases platform.break_on_*): builds with
 * "-D STEP=2" (the GUI must build with the program's options), launches `fill` (a[i] = 2i+1 for
 * 8 work-items), then `bad` (a[0] = 99 and an out-of-bounds write), then `paint` (texel (x, y)
 * of a 4x2 CL_R/CL_UNSIGNED_INT32 write_only image = 10y+x+1), reads the buffer and the image
 * back and checks them against what argv[1] says the launches left:
 *   computed      every launch ran as usual: a[0] = 99, a[i] = 2i+1 for i > 0, painted image
 *   fill-kept     `fill` was opened in the GUI and closed before running: a[] = 0 except
 *                 a[0] = 99 (`bad` ran as usual)
 *   bad-kept      `bad` was opened in the GUI and closed before running: a[i] = 2i+1
 *   image-kept    `paint` was opened in the GUI and closed before running: the image is
 *                 all 0 (the GUI's texels came back)
 *   computed-big  as computed, on a big-endian device (exec --device-endian big): the
 *                 buffer's ints are byte-swapped (the image is not checked)
 * Prints the buffer and the image and exits 1 on a mismatch. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>

static const char* kSource =
    "__kernel void fill(__global int* a) { a[get_global_id(0)] = STEP * (int)get_global_id(0) + 1; "
    "}\n"
    "__kernel void bad(__global int* a) { a[0] = 99; a[8] = 1; }\n"
    "__kernel void paint(write_only image2d_t img) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    write_imageui(img, (int2)(x, y), (uint4)(10 * y + x + 1, 0, 0, 1));\n"
    "}\n";

static int swap32(int v) {
    unsigned u = (unsigned)v;
    return (int)((u >> 24) | ((u >> 8) & 0xff00u) | ((u << 8) & 0xff0000u) | (u << 24));
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "computed";
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS) return 2;
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    cl_program p = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    if (clBuildProgram(p, 1, &device, "-D STEP=2", NULL, NULL) != CL_SUCCESS) return 2;
    cl_kernel fill = clCreateKernel(p, "fill", &err);
    cl_kernel bad = clCreateKernel(p, "bad", &err);
    cl_kernel paint = clCreateKernel(p, "paint", &err);
    int host[8] = {0};
    cl_mem buf =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
    size_t global = 8, one = 1;
    clSetKernelArg(fill, 0, sizeof buf, &buf);
    clSetKernelArg(bad, 0, sizeof buf, &buf);
    clEnqueueNDRangeKernel(q, fill, 1, NULL, &global, NULL, 0, NULL, NULL);
    clEnqueueNDRangeKernel(q, bad, 1, NULL, &one, NULL, 0, NULL, NULL);
    cl_image_format format = {CL_R, CL_UNSIGNED_INT32};
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 4;
    desc.image_height = 2;
    cl_mem img = clCreateImage(ctx, CL_MEM_WRITE_ONLY, &format, &desc, NULL, &err);
    if (err != CL_SUCCESS) return 2;
    size_t texels[2] = {4, 2}, origin[3] = {0, 0, 0}, region[3] = {4, 2, 1};
    clSetKernelArg(paint, 0, sizeof img, &img);
    clEnqueueNDRangeKernel(q, paint, 2, NULL, texels, NULL, 0, NULL, NULL);
    clFinish(q);
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
    unsigned image[8] = {0};
    clEnqueueReadImage(q, img, CL_TRUE, origin, region, 0, 0, image, 0, NULL, NULL);
    const int big = strcmp(mode, "computed-big") == 0;
    int failures = 0;
    for (int i = 0; i < 8; ++i) {
        int want = 2 * i + 1;
        if (strcmp(mode, "fill-kept") == 0) want = 0;
        if (i == 0 && strcmp(mode, "bad-kept") != 0) want = 99;
        if (big) want = swap32(want);
        printf("a[%d] = %d%s\n", i, host[i], host[i] == want ? "" : " (unexpected)");
        failures += host[i] != want;
    }
    for (int t = 0; t < 8 && !big; ++t) {
        unsigned want = strcmp(mode, "image-kept") == 0 ? 0u : (unsigned)(10 * (t / 4) + t % 4 + 1);
        printf("texel (%d, %d) = %u%s\n", t % 4, t / 4, image[t],
               image[t] == want ? "" : " (unexpected)");
        failures += image[t] != want;
    }
    clReleaseMemObject(img);
    clReleaseKernel(paint);
    clReleaseMemObject(buf);
    clReleaseKernel(fill);
    clReleaseKernel(bad);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return failures ? 1 : 0;
}
