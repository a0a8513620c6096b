/* Calls the image and sampler entry points of clstep's platform (OpenCL 1.2 API spec 5.3 and
 * 5.7) through the Khronos ICD loader with good and bad arguments, checks each result against
 * the code the spec names, and runs image kernels whose results it checks texel by texel.
 * Run with OCL_ICD_VENDORS naming the build's clstep.icd (CTest case platform.image_calls;
 * platform.record_replay_images records and replays its launches). Prints one line per
 * failed check and exits 1 if any failed. */
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Checks.h"

static const char* kSource =
    "__kernel void blur(read_only image2d_t src, write_only image2d_t dst, sampler_t s) {\n"
    "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "    float4 sum = (float4)(0.0f);\n"
    "    for (int dy = -1; dy <= 1; ++dy)\n"
    "        for (int dx = -1; dx <= 1; ++dx)\n"
    "            sum += read_imagef(src, s, (float2)(p.x + dx + 0.5f, p.y + dy + 0.5f));\n"
    "    write_imagef(dst, p, sum / 9.0f);\n"
    "}\n"
    "constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                             CLK_FILTER_NEAREST;\n"
    "__kernel void plane(read_only image3d_t src, __global uint* out) {\n"
    "    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "    out[(z * get_global_size(1) + y) * get_global_size(0) + x] =\n"
    "        read_imageui(src, nearest, (int4)(x, y, z, 0)).x;\n"
    "}\n"
    "__kernel void layers(read_only image1d_array_t src, __global int* out) {\n"
    "    int x = get_global_id(0), layer = get_global_id(1);\n"
    "    out[layer * get_global_size(0) + x] = read_imagei(src, nearest, (int2)(x, layer)).x;\n"
    "}\n"
    "__kernel void ramp(write_only image2d_t dst) {\n"
    "    int x = get_global_id(0), y = get_global_id(1);\n"
    "    write_imageui(dst, (int2)(x, y), (uint4)(x + 10 * y + 1));\n"
    "}\n"
    "__kernel void sizes(read_only image2d_t a, __global int* out) {\n"
    "    out[0] = get_image_width(a); out[1] = get_image_height(a);\n"
    "    out[2] = get_image_channel_order(a); out[3] = get_image_channel_data_type(a);\n"
    "}\n";

/* The blur of a W x H CL_R/CL_FLOAT image with CLK_ADDRESS_CLAMP_TO_EDGE, as the kernel. */
static float blurAt(const float* img, int w, int h, int x, int y) {
    float sum = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
            int yy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
            sum += img[yy * w + xx];
        }
    return sum / 9.0f;
}

int main(void) {
    cl_int err;
    char text[256];
    cl_platform_id platforms[8], platform = NULL;
    cl_uint n = 0;
    clGetPlatformIDs(8, platforms, &n);
    for (cl_uint i = 0; i < n; ++i) {
        clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof text, text, NULL);
        if (strcmp(text, "clstep") == 0) platform = platforms[i];
    }
    if (!platform) {
        fprintf(stderr, "no platform named clstep (set OCL_ICD_VENDORS)\n");
        return 1;
    }
    cl_device_id device;
    CHECK_EQ(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), CL_SUCCESS);

    /* ---- device image queries (1.2 API spec table 4.3 minimums) ---- */
    cl_bool imageSupport = CL_FALSE;
    CHECK_EQ(
        clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof imageSupport, &imageSupport, NULL),
        CL_SUCCESS);
    CHECK_EQ(imageSupport, CL_TRUE);
    size_t sz = 0;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof sz, &sz, NULL),
             CL_SUCCESS);
    CHECK(sz >= 8192);
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof sz, &sz, NULL),
             CL_SUCCESS);
    CHECK(sz >= 2048);
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof sz, &sz, NULL),
             CL_SUCCESS);
    CHECK(sz >= 2048);
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, sizeof sz, &sz, NULL),
             CL_SUCCESS);
    CHECK(sz >= 65536);
    cl_uint u = 0;
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof u, &u, NULL),
             CL_SUCCESS);
    CHECK(u >= 128);
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_WRITE_IMAGE_ARGS, sizeof u, &u, NULL),
             CL_SUCCESS);
    CHECK(u >= 8);
    CHECK_EQ(clGetDeviceInfo(device, CL_DEVICE_MAX_SAMPLERS, sizeof u, &u, NULL), CL_SUCCESS);
    CHECK(u >= 16);

    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    CHECK_EQ(err, CL_SUCCESS);

    /* ---- supported formats: at least the minimum list of table 5.8 ---- */
    cl_uint numFormats = 0;
    CHECK_EQ(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL,
                                        &numFormats),
             CL_SUCCESS);
    CHECK(numFormats >= 10);
    cl_image_format formats[256];
    CHECK_EQ(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE3D, 256, formats,
                                        NULL),
             CL_SUCCESS);
    const cl_image_format minimum[] = {
        {CL_RGBA, CL_UNORM_INT8},     {CL_RGBA, CL_UNORM_INT16},    {CL_RGBA, CL_SIGNED_INT8},
        {CL_RGBA, CL_SIGNED_INT16},   {CL_RGBA, CL_SIGNED_INT32},   {CL_RGBA, CL_UNSIGNED_INT8},
        {CL_RGBA, CL_UNSIGNED_INT16}, {CL_RGBA, CL_UNSIGNED_INT32}, {CL_RGBA, CL_HALF_FLOAT},
        {CL_RGBA, CL_FLOAT},          {CL_BGRA, CL_UNORM_INT8}};
    for (size_t m = 0; m < sizeof minimum / sizeof minimum[0]; ++m) {
        int found = 0;
        for (cl_uint i = 0; i < numFormats && i < 256; ++i)
            found |= formats[i].image_channel_order == minimum[m].image_channel_order &&
                     formats[i].image_channel_data_type == minimum[m].image_channel_data_type;
        CHECK(found);
    }
    CHECK_EQ(clGetSupportedImageFormats(NULL, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL,
                                        &numFormats),
             CL_INVALID_CONTEXT);
    CHECK_EQ(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_BUFFER, 0, NULL,
                                        &numFormats),
             CL_INVALID_VALUE);
    CHECK_EQ(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                        CL_MEM_OBJECT_IMAGE2D, 0, NULL, &numFormats),
             CL_INVALID_VALUE);
    CHECK_EQ(
        clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, formats, NULL),
        CL_INVALID_VALUE);

    /* ---- clCreateImage: good and bad calls (5.3.1) ---- */
    cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 8;
    desc.image_height = 4;
    cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &desc, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK(img != NULL);
    clCreateImage(NULL, CL_MEM_READ_WRITE, &rgba8, &desc, NULL, &err);
    CHECK_EQ(err, CL_INVALID_CONTEXT);
    clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, &rgba8, &desc, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    clCreateImage(ctx, CL_MEM_READ_WRITE, NULL, &desc, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    cl_image_format bad = {CL_BGRA, CL_FLOAT}; /* table 5.6: BGRA is 8-bit only */
    clCreateImage(ctx, CL_MEM_READ_WRITE, &bad, &desc, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    bad.image_channel_order = 0x1234;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &bad, &desc, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    cl_image_format packed = {CL_RGB, CL_UNORM_SHORT_565}; /* valid, but not supported */
    clCreateImage(ctx, CL_MEM_READ_WRITE, &packed, &desc, NULL, &err);
    CHECK_EQ(err, CL_IMAGE_FORMAT_NOT_SUPPORTED);
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, NULL, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR);
    cl_image_desc d2 = desc;
    d2.image_width = 0;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d2, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR);
    d2 = desc;
    d2.image_type = CL_MEM_OBJECT_BUFFER;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d2, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR);
    d2 = desc;
    d2.image_width = 8193;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d2, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_SIZE);
    d2 = desc;
    d2.image_row_pitch = 64; /* a pitch without a host pointer */
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d2, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR);
    d2 = desc;
    d2.num_mip_levels = 2;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d2, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR);
    clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &desc, NULL, &err);
    CHECK_EQ(err, CL_INVALID_HOST_PTR);
    unsigned char hostBytes[8 * 4 * 4];
    clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &desc, hostBytes, &err);
    CHECK_EQ(err, CL_INVALID_HOST_PTR);
    d2 = desc;
    d2.image_row_pitch = 8 * 4 + 2; /* not a multiple of the texel size */
    clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &rgba8, &d2, hostBytes, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR);
    /* The 1.1 entry points. */
    cl_mem img2 = clCreateImage2D(ctx, CL_MEM_READ_ONLY, &rgba8, 8, 4, 0, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateImage2D(ctx, CL_MEM_READ_ONLY, &rgba8, 0, 4, 0, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_SIZE);
    clCreateImage3D(ctx, CL_MEM_READ_ONLY, &rgba8, 4, 4, 1, 0, 0, NULL, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_SIZE);
    cl_mem img3 = clCreateImage3D(ctx, CL_MEM_READ_ONLY, &rgba8, 4, 4, 2, 0, 0, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);

    /* ---- clGetImageInfo / clGetMemObjectInfo ---- */
    size_t v = 0;
    CHECK_EQ(clGetImageInfo(img, CL_IMAGE_WIDTH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 8);
    CHECK_EQ(clGetImageInfo(img, CL_IMAGE_HEIGHT, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 4);
    CHECK_EQ(clGetImageInfo(img, CL_IMAGE_DEPTH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 0);
    CHECK_EQ(clGetImageInfo(img3, CL_IMAGE_DEPTH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 2);
    CHECK_EQ(clGetImageInfo(img, CL_IMAGE_ELEMENT_SIZE, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 4);
    CHECK_EQ(clGetImageInfo(img, CL_IMAGE_ROW_PITCH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 32);
    CHECK_EQ(clGetImageInfo(img3, CL_IMAGE_SLICE_PITCH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 64);
    cl_image_format got;
    CHECK_EQ(clGetImageInfo(img, CL_IMAGE_FORMAT, sizeof got, &got, NULL), CL_SUCCESS);
    CHECK_EQ(got.image_channel_order, CL_RGBA);
    CHECK_EQ(got.image_channel_data_type, CL_UNORM_INT8);
    CHECK_EQ(clGetImageInfo(img, CL_IMAGE_FORMAT, 2, &got, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetImageInfo(img, 0x7777, sizeof v, &v, NULL), CL_INVALID_VALUE);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024, NULL, &err);
    CHECK_EQ(clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof v, &v, NULL), CL_INVALID_MEM_OBJECT);
    cl_mem_object_type mt = 0;
    CHECK_EQ(clGetMemObjectInfo(img3, CL_MEM_TYPE, sizeof mt, &mt, NULL), CL_SUCCESS);
    CHECK_EQ(mt, CL_MEM_OBJECT_IMAGE3D);
    CHECK_EQ(clGetMemObjectInfo(img, CL_MEM_SIZE, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 8 * 4 * 4);

    /* ---- write, read (with host pitches), copy, fill, map (5.3.3-5.3.6) ---- */
    for (int i = 0; i < 8 * 4 * 4; ++i)
        hostBytes[i] = (unsigned char)i;
    size_t origin[3] = {0, 0, 0}, region[3] = {8, 4, 1};
    CHECK_EQ(clEnqueueWriteImage(q, img, CL_TRUE, origin, region, 0, 0, hostBytes, 0, NULL, NULL),
             CL_SUCCESS);
    /* Read texels (2..5, 1..2) into a host box with a 20-byte row pitch. */
    unsigned char box[2 * 20];
    memset(box, 0xEE, sizeof box);
    size_t o2[3] = {2, 1, 0}, r2[3] = {4, 2, 1};
    CHECK_EQ(clEnqueueReadImage(q, img, CL_TRUE, o2, r2, 20, 0, box, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(box[0], hostBytes[1 * 32 + 2 * 4]);
    CHECK_EQ(box[15], hostBytes[1 * 32 + 5 * 4 + 3]);
    CHECK_EQ(box[16], 0xEE); /* the pitch's padding is untouched */
    CHECK_EQ(box[20], hostBytes[2 * 32 + 2 * 4]);
    size_t outside[3] = {6, 0, 0}, r3[3] = {4, 1, 1}, z1[3] = {0, 0, 1}, r0[3] = {0, 1, 1};
    CHECK_EQ(clEnqueueReadImage(q, img, CL_TRUE, outside, r3, 0, 0, box, 0, NULL, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueReadImage(q, img, CL_TRUE, z1, r3, 0, 0, box, 0, NULL, NULL),
             CL_INVALID_VALUE); /* origin[2] must be 0 for a 2D image */
    CHECK_EQ(clEnqueueReadImage(q, img, CL_TRUE, origin, r0, 0, 0, box, 0, NULL, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueReadImage(q, img, CL_TRUE, origin, r3, 8, 0, box, 0, NULL, NULL),
             CL_INVALID_VALUE); /* row pitch smaller than the row */
    CHECK_EQ(clEnqueueReadImage(q, img, CL_TRUE, origin, r3, 0, 0, NULL, 0, NULL, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueReadImage(q, buf, CL_TRUE, origin, r3, 0, 0, box, 0, NULL, NULL),
             CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clEnqueueReadImage(NULL, img, CL_TRUE, origin, r3, 0, 0, box, 0, NULL, NULL),
             CL_INVALID_COMMAND_QUEUE);
    CHECK_EQ(clEnqueueReadBuffer(q, img, CL_TRUE, 0, 4, box, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
    /* Copy the image into img2 and read it back. */
    CHECK_EQ(clEnqueueCopyImage(q, img, img2, origin, origin, region, 0, NULL, NULL), CL_SUCCESS);
    unsigned char back[8 * 4 * 4];
    CHECK_EQ(clEnqueueReadImage(q, img2, CL_TRUE, origin, region, 0, 0, back, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK(memcmp(back, hostBytes, sizeof back) == 0);
    size_t o1[3] = {1, 0, 0};
    CHECK_EQ(clEnqueueCopyImage(q, img, img, origin, o1, r3, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
    cl_image_format f32 = {CL_R, CL_FLOAT};
    cl_mem rf = clCreateImage2D(ctx, CL_MEM_READ_WRITE, &f32, 8, 4, 0, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clEnqueueCopyImage(q, img, rf, origin, origin, r3, 0, NULL, NULL),
             CL_IMAGE_FORMAT_MISMATCH);
    /* Image <-> buffer. */
    CHECK_EQ(clEnqueueCopyImageToBuffer(q, img, buf, o2, r2, 16, 0, NULL, NULL), CL_SUCCESS);
    unsigned char fromBuf[32];
    CHECK_EQ(clEnqueueReadBuffer(q, buf, CL_TRUE, 16, 32, fromBuf, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(fromBuf[0], hostBytes[1 * 32 + 2 * 4]);
    CHECK_EQ(fromBuf[16], hostBytes[2 * 32 + 2 * 4]);
    CHECK_EQ(clEnqueueCopyImageToBuffer(q, img, buf, origin, region, 1000, 0, NULL, NULL),
             CL_INVALID_VALUE);
    CHECK_EQ(clEnqueueCopyImageToBuffer(q, img, img2, origin, region, 0, 0, NULL, NULL),
             CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clEnqueueCopyBufferToImage(q, buf, img2, 16, origin, r2, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadImage(q, img2, CL_TRUE, origin, region, 0, 0, back, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(back[0], hostBytes[1 * 32 + 2 * 4]);
    CHECK_EQ(back[32], hostBytes[2 * 32 + 2 * 4]);
    /* Fill: a float4 color converted to CL_UNORM_INT8. */
    float color[4] = {1.0f, 0.0f, 0.5f, 1.0f};
    CHECK_EQ(clEnqueueFillImage(q, img2, color, o2, r2, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadImage(q, img2, CL_TRUE, origin, region, 0, 0, back, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(back[1 * 32 + 2 * 4 + 0], 255);
    CHECK_EQ(back[1 * 32 + 2 * 4 + 1], 0);
    CHECK_EQ(back[1 * 32 + 2 * 4 + 2], 128);
    CHECK_EQ(back[0], hostBytes[1 * 32 + 2 * 4]); /* outside the filled box */
    CHECK_EQ(clEnqueueFillImage(q, img2, NULL, o2, r2, 0, NULL, NULL), CL_INVALID_VALUE);
    /* Map: the texels themselves, with the image's pitches. */
    size_t rowPitch = 0, slicePitch = 0;
    unsigned char* mapped = clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, o2, r2,
                                              &rowPitch, NULL, 0, NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(rowPitch, 32);
    if (mapped) {
        CHECK_EQ(mapped[0], hostBytes[1 * 32 + 2 * 4]);
        mapped[rowPitch] = 7;
    }
    CHECK_EQ(clEnqueueUnmapMemObject(q, img, mapped, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadImage(q, img, CL_TRUE, origin, region, 0, 0, back, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(back[2 * 32 + 2 * 4], 7);
    clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, o2, r2, NULL, NULL, 0, NULL, NULL, &err);
    CHECK_EQ(err, CL_INVALID_VALUE); /* image_row_pitch is required */
    clEnqueueMapImage(q, img3, CL_TRUE, CL_MAP_READ, origin, r2, &rowPitch, NULL, 0, NULL, NULL,
                      &err);
    CHECK_EQ(err, CL_INVALID_VALUE); /* and image_slice_pitch for a 3D image */
    mapped = clEnqueueMapImage(q, img3, CL_TRUE, CL_MAP_READ, origin, r2, &rowPitch, &slicePitch, 0,
                               NULL, NULL, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(slicePitch, 64);
    CHECK_EQ(clEnqueueUnmapMemObject(q, img3, mapped, 0, NULL, NULL), CL_SUCCESS);
    /* CL_MEM_USE_HOST_PTR with a row pitch: the image is the host's memory. */
    unsigned char padded[4 * 12];
    memset(padded, 0, sizeof padded);
    padded[12 + 4] = 200; /* texel (1, 1), red */
    cl_image_desc pd = desc;
    pd.image_width = 2;
    pd.image_height = 4;
    pd.image_row_pitch = 12;
    cl_mem usesHost = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &rgba8, &pd, padded, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clGetImageInfo(usesHost, CL_IMAGE_ROW_PITCH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 12);
    size_t o11[3] = {1, 1, 0}, one[3] = {1, 1, 1};
    unsigned char texel[4] = {0, 0, 0, 0};
    CHECK_EQ(clEnqueueReadImage(q, usesHost, CL_TRUE, o11, one, 0, 0, texel, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(texel[0], 200);

    /* ---- samplers (5.7) ---- */
    cl_sampler smp =
        clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, &err);
    CHECK_EQ(err, CL_SUCCESS);
    clCreateSampler(ctx, CL_FALSE, 0x7777, CL_FILTER_NEAREST, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP, 0x7777, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    clCreateSampler(NULL, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    CHECK_EQ(err, CL_INVALID_CONTEXT);
    cl_sampler_properties sp[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
    cl_sampler linear = clCreateSamplerWithProperties(ctx, sp, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_sampler_properties badProps[] = {0x7777, 1, 0};
    clCreateSamplerWithProperties(ctx, badProps, &err);
    CHECK_EQ(err, CL_INVALID_VALUE);
    cl_filter_mode fm = 0;
    CHECK_EQ(clGetSamplerInfo(linear, CL_SAMPLER_FILTER_MODE, sizeof fm, &fm, NULL), CL_SUCCESS);
    CHECK_EQ(fm, CL_FILTER_LINEAR);
    cl_bool norm = CL_FALSE;
    CHECK_EQ(clGetSamplerInfo(linear, CL_SAMPLER_NORMALIZED_COORDS, sizeof norm, &norm, NULL),
             CL_SUCCESS);
    CHECK_EQ(norm, CL_TRUE); /* the default of clCreateSamplerWithProperties */
    cl_addressing_mode am = 0;
    CHECK_EQ(clGetSamplerInfo(smp, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL), CL_SUCCESS);
    CHECK_EQ(am, CL_ADDRESS_CLAMP_TO_EDGE);
    CHECK_EQ(clGetSamplerInfo(smp, 0x7777, sizeof am, &am, NULL), CL_INVALID_VALUE);
    CHECK_EQ(clGetSamplerInfo(NULL, CL_SAMPLER_FILTER_MODE, sizeof fm, &fm, NULL),
             CL_INVALID_SAMPLER);
    CHECK_EQ(clRetainSampler(linear), CL_SUCCESS);
    CHECK_EQ(clReleaseSampler(linear), CL_SUCCESS);
    CHECK_EQ(clReleaseSampler(linear), CL_SUCCESS);
    CHECK_EQ(clReleaseSampler(linear), CL_INVALID_SAMPLER);

    /* ---- image kernels: a 3x3 blur of a CL_R/CL_FLOAT image ---- */
    cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
    CHECK_EQ(clBuildProgram(prog, 1, &device, NULL, NULL, NULL), CL_SUCCESS);
    cl_kernel blur = clCreateKernel(prog, "blur", &err);
    CHECK_EQ(err, CL_SUCCESS);
    enum { W = 16, H = 12 };
    float pixels[W * H], blurred[W * H];
    for (int i = 0; i < W * H; ++i)
        pixels[i] = (float)((i * 37) % 101) / 100.0f;
    cl_mem src =
        clCreateImage2D(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &f32, W, H, 0, pixels, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem dst = clCreateImage2D(ctx, CL_MEM_WRITE_ONLY, &f32, W, H, 0, NULL, &err);
    CHECK_EQ(clSetKernelArg(blur, 0, sizeof(cl_mem), &buf), CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clSetKernelArg(blur, 0, sizeof(cl_mem), &img3), CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clSetKernelArg(blur, 0, 4, &src), CL_INVALID_ARG_SIZE);
    CHECK_EQ(clSetKernelArg(blur, 0, sizeof(cl_mem), &src), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(blur, 1, sizeof(cl_mem), &dst), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(blur, 2, sizeof(cl_sampler), &buf), CL_INVALID_SAMPLER);
    CHECK_EQ(clSetKernelArg(blur, 2, 4, &smp), CL_INVALID_ARG_SIZE);
    CHECK_EQ(clSetKernelArg(blur, 2, sizeof(cl_sampler), &smp), CL_SUCCESS);
    cl_kernel_arg_access_qualifier acc = 0;
    CHECK_EQ(clGetKernelArgInfo(blur, 1, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof acc, &acc, NULL),
             CL_SUCCESS);
    CHECK_EQ(acc, CL_KERNEL_ARG_ACCESS_WRITE_ONLY);
    size_t global[3] = {W, H, 1};
    CHECK_EQ(clEnqueueNDRangeKernel(q, blur, 2, NULL, global, NULL, 0, NULL, NULL), CL_SUCCESS);
    size_t whole[3] = {W, H, 1};
    CHECK_EQ(clEnqueueReadImage(q, dst, CL_TRUE, origin, whole, 0, 0, blurred, 0, NULL, NULL),
             CL_SUCCESS);
    int wrong = 0;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            float want = blurAt(pixels, W, H, x, y), d = blurred[y * W + x] - want;
            wrong += d > 1e-5f || d < -1e-5f;
        }
    CHECK_EQ(wrong, 0);

    /* A 3D image read with a program-scope sampler. */
    cl_image_format u8 = {CL_R, CL_UNSIGNED_INT8};
    unsigned char vol[4 * 3 * 2];
    for (int i = 0; i < 24; ++i)
        vol[i] = (unsigned char)(i * 3);
    cl_mem vimg = clCreateImage3D(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &u8, 4, 3, 2, 0, 0,
                                  vol, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 24 * sizeof(cl_uint), NULL, &err);
    cl_kernel plane = clCreateKernel(prog, "plane", &err);
    CHECK_EQ(clSetKernelArg(plane, 0, sizeof(cl_mem), &vimg), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(plane, 1, sizeof(cl_mem), &out), CL_SUCCESS);
    size_t g3[3] = {4, 3, 2};
    CHECK_EQ(clEnqueueNDRangeKernel(q, plane, 3, NULL, g3, NULL, 0, NULL, NULL), CL_SUCCESS);
    cl_uint vals[24];
    CHECK_EQ(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof vals, vals, 0, NULL, NULL), CL_SUCCESS);
    wrong = 0;
    for (int i = 0; i < 24; ++i)
        wrong += vals[i] != (cl_uint)(i * 3);
    CHECK_EQ(wrong, 0);

    /* A 1D image array written with a layer pitch (CL_MEM_USE_HOST_PTR). */
    cl_image_format i16 = {CL_R, CL_SIGNED_INT16};
    short lay[3 * 8]; /* 3 layers of 4 texels, 16 bytes apart */
    for (int i = 0; i < 24; ++i)
        lay[i] = (short)(i - 10);
    cl_image_desc ad;
    memset(&ad, 0, sizeof ad);
    ad.image_type = CL_MEM_OBJECT_IMAGE1D_ARRAY;
    ad.image_width = 4;
    ad.image_array_size = 3;
    ad.image_slice_pitch = 16; /* a multiple of the row pitch (8 bytes) */
    ad.image_row_pitch = 10;
    clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, &i16, &ad, lay, &err);
    CHECK_EQ(err, CL_INVALID_IMAGE_DESCRIPTOR); /* 16 is no multiple of a 10-byte row pitch */
    ad.image_row_pitch = 0;
    cl_mem arr = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, &i16, &ad, lay, &err);
    CHECK_EQ(err, CL_SUCCESS);
    CHECK_EQ(clGetImageInfo(arr, CL_IMAGE_ARRAY_SIZE, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 3);
    CHECK_EQ(clGetImageInfo(arr, CL_IMAGE_SLICE_PITCH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK_EQ(v, 16);
    cl_mem outI = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 12 * sizeof(cl_int), NULL, &err);
    cl_kernel layers = clCreateKernel(prog, "layers", &err);
    CHECK_EQ(clSetKernelArg(layers, 0, sizeof(cl_mem), &img), CL_INVALID_MEM_OBJECT);
    CHECK_EQ(clSetKernelArg(layers, 0, sizeof(cl_mem), &arr), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(layers, 1, sizeof(cl_mem), &outI), CL_SUCCESS);
    size_t g2[3] = {4, 3, 1};
    CHECK_EQ(clEnqueueNDRangeKernel(q, layers, 2, NULL, g2, NULL, 0, NULL, NULL), CL_SUCCESS);
    cl_int ivals[12];
    CHECK_EQ(clEnqueueReadBuffer(q, outI, CL_TRUE, 0, sizeof ivals, ivals, 0, NULL, NULL),
             CL_SUCCESS);
    wrong = 0;
    for (int l = 0; l < 3; ++l)
        for (int x = 0; x < 4; ++x)
            wrong += ivals[l * 4 + x] != lay[l * 8 + x];
    CHECK_EQ(wrong, 0);
    /* clEnqueueReadImage of layer 1 (y is the layer of a 1D image array). */
    size_t ol[3] = {0, 1, 0}, rl[3] = {4, 1, 1};
    short layer1[4];
    CHECK_EQ(clEnqueueReadImage(q, arr, CL_TRUE, ol, rl, 0, 0, layer1, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(layer1[3], lay[8 + 3]);

    /* A kernel writes into a CL_MEM_USE_HOST_PTR image with an 8-byte row pitch: the texels
     * land in the host's memory at its pitch, the padding stays as it was. */
    unsigned char pitched[2 * 8];
    memset(pitched, 0xAB, sizeof pitched);
    cl_image_desc rd;
    memset(&rd, 0, sizeof rd);
    rd.image_type = CL_MEM_OBJECT_IMAGE2D;
    rd.image_width = 3;
    rd.image_height = 2;
    rd.image_row_pitch = 8;
    cl_mem rampImg =
        clCreateImage(ctx, CL_MEM_WRITE_ONLY | CL_MEM_USE_HOST_PTR, &u8, &rd, pitched, &err);
    CHECK_EQ(err, CL_SUCCESS);
    cl_kernel ramp = clCreateKernel(prog, "ramp", &err);
    CHECK_EQ(clSetKernelArg(ramp, 0, sizeof(cl_mem), &rampImg), CL_SUCCESS);
    size_t gr[3] = {3, 2, 1};
    CHECK_EQ(clEnqueueNDRangeKernel(q, ramp, 2, NULL, gr, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clFinish(q), CL_SUCCESS);
    CHECK_EQ(pitched[0], 1);
    CHECK_EQ(pitched[2], 3);
    CHECK_EQ(pitched[3], 0xAB);
    CHECK_EQ(pitched[8], 11);
    CHECK_EQ(pitched[10], 13);
    CHECK_EQ(pitched[15], 0xAB);

    /* get_image_* queries. */
    cl_kernel sizes = clCreateKernel(prog, "sizes", &err);
    CHECK_EQ(clSetKernelArg(sizes, 0, sizeof(cl_mem), &img), CL_SUCCESS);
    CHECK_EQ(clSetKernelArg(sizes, 1, sizeof(cl_mem), &outI), CL_SUCCESS);
    size_t g1[3] = {1, 1, 1};
    CHECK_EQ(clEnqueueNDRangeKernel(q, sizes, 1, NULL, g1, NULL, 0, NULL, NULL), CL_SUCCESS);
    CHECK_EQ(clEnqueueReadBuffer(q, outI, CL_TRUE, 0, 4 * sizeof(cl_int), ivals, 0, NULL, NULL),
             CL_SUCCESS);
    CHECK_EQ(ivals[0], 8);
    CHECK_EQ(ivals[1], 4);
    CHECK_EQ(ivals[2], CL_RGBA);
    CHECK_EQ(ivals[3], CL_UNORM_INT8);

    /* ---- release ---- */
    clReleaseKernel(blur);
    clReleaseKernel(plane);
    clReleaseKernel(layers);
    clReleaseKernel(sizes);
    clReleaseKernel(ramp);
    clReleaseProgram(prog);
    CHECK_EQ(clReleaseSampler(smp), CL_SUCCESS);
    cl_mem all[] = {img, img2, img3, rf, buf, usesHost, src, dst, vimg, out, arr, outI, rampImg};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i)
        CHECK_EQ(clReleaseMemObject(all[i]), CL_SUCCESS);
    CHECK_EQ(clReleaseMemObject(img), CL_INVALID_MEM_OBJECT);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
