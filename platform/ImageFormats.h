#pragma once

#include "IcdHandles.h"
#include "builtins/ImageFormat.h"

#include <vector>

namespace clstep::ocl::imageformats {

/// The device's image size limits (CL_DEVICE_IMAGE2D_MAX_WIDTH/HEIGHT, CL_DEVICE_IMAGE3D_MAX_*,
/// CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE; the OpenCL 1.2 minimums
/// of table 4.3, which image::Object::validate enforces), in texels or layers.
constexpr size_t kMaxSize2D = 8192;
constexpr size_t kMaxSize3D = 2048;
constexpr size_t kMaxBufferTexels = 65536;
constexpr size_t kMaxArrayLayers = 2048;

/// Checks a cl_image_format of clCreateImage (spec 5.3.1.1): CL_INVALID_IMAGE_FORMAT_DESCRIPTOR
/// for NULL, an unknown order or type, or a combination table 5.6 forbids (CL_BGRA with
/// CL_FLOAT, CL_RGB with CL_UNORM_INT8, ...); CL_IMAGE_FORMAT_NOT_SUPPORTED for a valid
/// format the interpreter does not decode (packed 565/555/101010 types, CL_RGB, CL_RGBx,
/// CL_DEPTH, sRGB, ...); CL_SUCCESS otherwise.
cl_int check(const cl_image_format* format);
/// The interpreter's format for a format that check() accepted.
image::Format toFormat(const cl_image_format& format);
/// The cl_image_format of an interpreter format.
cl_image_format toClFormat(const image::Format& format);
/// Every format clstep supports, for every image type and access flag: each valid
/// combination (table 5.6) of the orders CL_R, CL_A, CL_RG, CL_RA, CL_RGBA, CL_BGRA, CL_ARGB,
/// CL_INTENSITY, CL_LUMINANCE with the one-component-per-channel types. This includes the
/// minimum list of table 5.8. CL_RGBA/CL_UNORM_INT8 comes first.
const std::vector<cl_image_format>& supported();

} // namespace clstep::ocl::imageformats
