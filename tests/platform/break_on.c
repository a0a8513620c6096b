/* Host program for `clstep-cli exec --break-on` (CTest cases platform.break_on_*): launches
 * `fill` (a[i] = 2i+1 for 8 work-items) and then `bad` (a[0] = 99 and an out-of-bounds write),
 * reads the buffer back and checks it against what argv[1] says the launches left:
 *   computed   both launches ran as usual: a[0] = 99, a[i] = 2i+1 for i > 0
 *   fill-kept  `fill` was opened in the GUI and closed before running: a[] = 0 except
 *              a[0] = 99 (`bad` ran as usual)
 *   bad-kept   `bad` was opened in the GUI and closed before running: a[i] = 2i+1
 * Prints the buffer and exits 1 on a mismatch. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>

static const char* kSource =
    "__kernel void fill(__global int* a) { a[get_global_id(0)] = 2 * (int)get_global_id(0) + 1; }\n"
    "__kernel void bad(__global int* a) { a[0] = 99; a[8] = 1; }\n";

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
    if (clBuildProgram(p, 1, &device, "", NULL, NULL) != CL_SUCCESS) return 2;
    cl_kernel fill = clCreateKernel(p, "fill", &err);
    cl_kernel bad = clCreateKernel(p, "bad", &err);
    int host[8] = {0};
    cl_mem buf =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
    size_t global = 8, one = 1;
    clSetKernelArg(fill, 0, sizeof buf, &buf);
    clSetKernelArg(bad, 0, sizeof buf, &buf);
    clEnqueueNDRangeKernel(q, fill, 1, NULL, &global, NULL, 0, NULL, NULL);
    clEnqueueNDRangeKernel(q, bad, 1, NULL, &one, NULL, 0, NULL, NULL);
    clFinish(q);
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
    int failures = 0;
    for (int i = 0; i < 8; ++i) {
        int want = 2 * i + 1;
        if (strcmp(mode, "fill-kept") == 0) want = 0;
        if (i == 0 && strcmp(mode, "bad-kept") != 0) want = 99;
        printf("a[%d] = %d%s\n", i, host[i], host[i] == want ? "" : " (unexpected)");
        failures += host[i] != want;
    }
    clReleaseMemObject(buf);
    clReleaseKernel(fill);
    clReleaseKernel(bad);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return failures ? 1 : 0;
}
