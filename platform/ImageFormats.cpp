#include "ImageFormats.h"

namespace clstep::ocl::imageformats {

namespace {

bool knownOrder(cl_channel_order o) {
    return (o >= CL_R && o <= CL_sBGRA) || o == CL_ABGR;
}

bool knownType(cl_channel_type t) {
    return (t >= CL_SNORM_INT8 && t <= CL_FLOAT) || t == CL_UNORM_INT24 ||
           t == CL_UNORM_INT_101010_2;
}

bool packedType(cl_channel_type t) {
    return t == CL_UNORM_SHORT_565 || t == CL_UNORM_SHORT_555 || t == CL_UNORM_INT_101010 ||
           t == CL_UNORM_INT_101010_2 || t == CL_UNORM_INT24;
}

/// Table 5.6 of the OpenCL 1.2 API spec (and its 2.0 additions): which types an order allows.
bool validCombination(cl_channel_order o, cl_channel_type t) {
    switch (o) {
    case CL_RGB:
    case CL_RGBx:
        return t == CL_UNORM_SHORT_565 || t == CL_UNORM_SHORT_555 || t == CL_UNORM_INT_101010 ||
               t == CL_UNORM_INT_101010_2;
    case CL_BGRA:
    case CL_ARGB:
    case CL_ABGR:
        return t == CL_UNORM_INT8 || t == CL_SNORM_INT8 || t == CL_SIGNED_INT8 ||
               t == CL_UNSIGNED_INT8;
    case CL_INTENSITY:
    case CL_LUMINANCE:
        return t == CL_UNORM_INT8 || t == CL_UNORM_INT16 || t == CL_SNORM_INT8 ||
               t == CL_SNORM_INT16 || t == CL_HALF_FLOAT || t == CL_FLOAT;
    case CL_DEPTH:
        return t == CL_UNORM_INT16 || t == CL_FLOAT;
    case CL_DEPTH_STENCIL:
        return t == CL_UNORM_INT24 || t == CL_FLOAT;
    case CL_sRGB:
    case CL_sRGBx:
    case CL_sRGBA:
    case CL_sBGRA:
        return t == CL_UNORM_INT8;
    default: // CL_R, CL_A, CL_RG, CL_RA, CL_RGBA, CL_Rx, CL_RGx
        return !packedType(t);
    }
}

bool interpreterOrder(cl_channel_order o) {
    return o == CL_R || o == CL_A || o == CL_RG || o == CL_RA || o == CL_RGBA || o == CL_BGRA ||
           o == CL_ARGB || o == CL_INTENSITY || o == CL_LUMINANCE;
}

} // namespace

cl_int check(const cl_image_format* format) {
    if (!format || !knownOrder(format->image_channel_order) ||
        !knownType(format->image_channel_data_type) ||
        !validCombination(format->image_channel_order, format->image_channel_data_type))
        return CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
    if (!interpreterOrder(format->image_channel_order) ||
        packedType(format->image_channel_data_type))
        return CL_IMAGE_FORMAT_NOT_SUPPORTED;
    return CL_SUCCESS;
}

image::Format toFormat(const cl_image_format& format) {
    return {static_cast<image::ChannelOrder>(format.image_channel_order),
            static_cast<image::ChannelType>(format.image_channel_data_type)};
}

cl_image_format toClFormat(const image::Format& format) {
    cl_image_format f;
    f.image_channel_order = static_cast<cl_channel_order>(format.order);
    f.image_channel_data_type = static_cast<cl_channel_type>(format.type);
    return f;
}

const std::vector<cl_image_format>& supported() {
    static const std::vector<cl_image_format> all = [] {
        std::vector<cl_image_format> v{{CL_RGBA, CL_UNORM_INT8}};
        const cl_channel_order orders[] = {CL_RGBA, CL_BGRA, CL_ARGB,      CL_R,        CL_A,
                                           CL_RG,   CL_RA,   CL_INTENSITY, CL_LUMINANCE};
        for (cl_channel_order o : orders)
            for (cl_channel_type t = CL_SNORM_INT8; t <= CL_FLOAT; ++t) {
                cl_image_format f{o, t};
                if (check(&f) == CL_SUCCESS && !(o == CL_RGBA && t == CL_UNORM_INT8))
                    v.push_back(f);
            }
        return v;
    }();
    return all;
}

} // namespace clstep::ocl::imageformats
