// Image entry points (OpenCL 1.2 API spec 5.3): clCreateImage and the 1.1 clCreateImage2D/3D,
// clGetSupportedImageFormats and clGetImageInfo. The texels live in a MemObject (its `image`
// member says how); the commands on images are in ApiImageCommands.cpp.
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "DeviceSettings.h"
#include "ImageFormats.h"
#include "ImageRegion.h"
#include "MemObject.h"

#include <cstring>

namespace clstep::ocl {

namespace {

using namespace memflags;

bool knownImageType(cl_mem_object_type t) {
    return t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
           t == CL_MEM_OBJECT_IMAGE1D_BUFFER || t == CL_MEM_OBJECT_IMAGE2D ||
           t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D;
}

/// clCreateImage (spec 5.3.1). `zeroSizeCode` is the code for a zero width/height/depth:
/// CL_INVALID_IMAGE_DESCRIPTOR for clCreateImage, CL_INVALID_IMAGE_SIZE for the 1.1
/// clCreateImage2D/3D.
cl_mem createImage(cl_context context, cl_mem_flags flags, const cl_image_format* format,
                   const cl_image_desc* desc, void* hostPtr, cl_int zeroSizeCode, cl_int& err) {
    Context* c = Context::from(context);
    if (!c) {
        err = CL_INVALID_CONTEXT;
        return nullptr;
    }
    if (!memflags::valid(flags)) {
        err = CL_INVALID_VALUE;
        return nullptr;
    }
    if ((err = imageformats::check(format))) return nullptr;
    if (!desc || !knownImageType(desc->image_type) || desc->num_mip_levels != 0 ||
        desc->num_samples != 0) {
        err = CL_INVALID_IMAGE_DESCRIPTOR;
        return nullptr;
    }
    const auto dim = static_cast<image::Dim>(desc->image_type);
    const image::Format f = imageformats::toFormat(*format);
    const unsigned texel = image::texelBytes(f);
    const unsigned dims = image::spatialDims(dim);
    const bool isArray = image::isArray(dim);
    // Sizes the type does not use are ignored (spec 5.3.1.2); the ones it uses must be >= 1.
    const size_t width = desc->image_width;
    const size_t height = dims >= 2 ? desc->image_height : 1;
    const size_t depth = dims == 3 ? desc->image_depth : 1;
    const size_t layers = isArray ? desc->image_array_size : 1;
    if (width == 0 || height == 0 || depth == 0 || layers == 0) {
        err = zeroSizeCode;
        return nullptr;
    }
    MemObject* buffer = nullptr;
    if (dim == image::Dim::Image1DBuffer) {
        buffer = MemObject::from(desc->buffer);
        if (!buffer || buffer->image || buffer->context != c) {
            err = CL_INVALID_IMAGE_DESCRIPTOR;
            return nullptr;
        }
        // The image's flags must not widen the buffer's, and the buffer holds the texels.
        if ((flags & kHostPtr) || hostPtr) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        cl_mem_flags ba = buffer->flags & kAccess;
        cl_mem_flags a = flags & kAccess;
        if ((ba == CL_MEM_READ_ONLY && a && a != CL_MEM_READ_ONLY) ||
            (ba == CL_MEM_WRITE_ONLY && a && a != CL_MEM_WRITE_ONLY)) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        if (!a) flags |= ba;
        if (width * texel > buffer->size) {
            err = CL_INVALID_IMAGE_SIZE;
            return nullptr;
        }
    } else if (desc->buffer) {
        // A 2D image from a buffer is optional in 3.0 and not supported (API spec 5.3.1:
        // CL_INVALID_OPERATION); any other type takes no buffer.
        err = dim == image::Dim::Image2D ? CL_INVALID_OPERATION : CL_INVALID_IMAGE_DESCRIPTOR;
        return nullptr;
    }
    // Pitches are given only with a host pointer, and hold at least the texels (5.3.1.2).
    const size_t rowBytes = width * texel;
    if (!hostPtr && (desc->image_row_pitch || desc->image_slice_pitch)) {
        err = CL_INVALID_IMAGE_DESCRIPTOR;
        return nullptr;
    }
    size_t rowPitch = desc->image_row_pitch ? desc->image_row_pitch : rowBytes;
    if (rowPitch < rowBytes || rowPitch % texel) {
        err = CL_INVALID_IMAGE_DESCRIPTOR;
        return nullptr;
    }
    // 1D image arrays: the host's slice pitch is the pitch between layers (image rows).
    const size_t hostRows = dim == image::Dim::Image1DArray ? 1 : height;
    size_t slicePitch = desc->image_slice_pitch ? desc->image_slice_pitch : rowPitch * hostRows;
    if ((dims == 3 || isArray) && (slicePitch < rowPitch * hostRows || slicePitch % rowPitch)) {
        err = CL_INVALID_IMAGE_DESCRIPTOR;
        return nullptr;
    }
    image::Object img = image::Object::make(dim, f, width, height, depth, layers);
    const DeviceSettings& s = DeviceSettings::get();
    if (!img.validate(imageformats::kMaxSize2D, imageformats::kMaxSize3D).empty()) {
        err = CL_INVALID_IMAGE_SIZE;
        return nullptr;
    }
    if (img.byteSize() > s.globalMemSize) {
        err = CL_INVALID_IMAGE_SIZE;
        return nullptr;
    }
    if (bool needsPtr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
        needsPtr != (hostPtr != nullptr)) {
        err = CL_INVALID_HOST_PTR;
        return nullptr;
    }
    if (!(flags & kAccess)) flags |= CL_MEM_READ_WRITE;
    // The host's layout of the texels (row pitch, pitch between slices or 1D layers).
    image::Object host = img;
    if (dim == image::Dim::Image1DArray) {
        host.rowPitch = slicePitch;
        host.slicePitch = slicePitch * img.height;
    } else {
        host.rowPitch = rowPitch;
        host.slicePitch = dims == 3 || isArray ? slicePitch : rowPitch * img.height;
    }
    MemObject* m;
    if (buffer) {
        m = new MemObject(buffer, flags, 0, img.byteSize());
    } else if (flags & CL_MEM_USE_HOST_PTR) {
        m = new MemObject(c, flags, host.byteSize(), hostPtr);
        img = host;
    } else {
        m = new MemObject(c, flags & ~CL_MEM_COPY_HOST_PTR, img.byteSize(), nullptr);
        m->flags = flags;
        m->hostPtr = hostPtr;
        if (flags & CL_MEM_COPY_HOST_PTR)
            copyBox(m->data(), img.rowPitch, img.slicePitch, static_cast<const uint8_t*>(hostPtr),
                    host.rowPitch, host.slicePitch, rowBytes, img.height, img.slices());
    }
    m->image = img;
    return m->handle();
}

cl_mem CL_API_CALL CreateImage(cl_context context, cl_mem_flags flags,
                               const cl_image_format* format, const cl_image_desc* desc,
                               void* hostPtr, cl_int* errcodeRet) {
    return guardedCreate<cl_mem>(errcodeRet, [&](cl_int& err) {
        return createImage(context, flags, format, desc, hostPtr, CL_INVALID_IMAGE_DESCRIPTOR, err);
    });
}

cl_mem CL_API_CALL CreateImageWithProperties(cl_context context, const cl_mem_properties* props,
                                             cl_mem_flags flags, const cl_image_format* format,
                                             const cl_image_desc* desc, void* hostPtr,
                                             cl_int* errcodeRet) {
    return guardedCreate<cl_mem>(errcodeRet, [&](cl_int& err) -> cl_mem {
        if (props && props[0] != 0) {
            err = CL_INVALID_PROPERTY; // no image property is supported
            return nullptr;
        }
        cl_mem m =
            createImage(context, flags, format, desc, hostPtr, CL_INVALID_IMAGE_DESCRIPTOR, err);
        if (m && props) MemObject::from(m)->properties = {0};
        return m;
    });
}

cl_mem CL_API_CALL CreateImage2D(cl_context context, cl_mem_flags flags,
                                 const cl_image_format* format, size_t width, size_t height,
                                 size_t rowPitch, void* hostPtr, cl_int* errcodeRet) {
    return guardedCreate<cl_mem>(errcodeRet, [&](cl_int& err) {
        cl_image_desc desc{};
        desc.image_type = CL_MEM_OBJECT_IMAGE2D;
        desc.image_width = width;
        desc.image_height = height;
        desc.image_row_pitch = rowPitch;
        return createImage(context, flags, format, &desc, hostPtr, CL_INVALID_IMAGE_SIZE, err);
    });
}

cl_mem CL_API_CALL CreateImage3D(cl_context context, cl_mem_flags flags,
                                 const cl_image_format* format, size_t width, size_t height,
                                 size_t depth, size_t rowPitch, size_t slicePitch, void* hostPtr,
                                 cl_int* errcodeRet) {
    return guardedCreate<cl_mem>(errcodeRet, [&](cl_int& err) -> cl_mem {
        // clCreateImage3D: a depth of 1 is CL_INVALID_IMAGE_SIZE (1.1 spec 5.3.1).
        if (depth <= 1) {
            err = Context::from(context) ? CL_INVALID_IMAGE_SIZE : CL_INVALID_CONTEXT;
            return nullptr;
        }
        cl_image_desc desc{};
        desc.image_type = CL_MEM_OBJECT_IMAGE3D;
        desc.image_width = width;
        desc.image_height = height;
        desc.image_depth = depth;
        desc.image_row_pitch = rowPitch;
        desc.image_slice_pitch = slicePitch;
        return createImage(context, flags, format, &desc, hostPtr, CL_INVALID_IMAGE_SIZE, err);
    });
}

cl_int CL_API_CALL GetSupportedImageFormats(cl_context context, cl_mem_flags flags,
                                            cl_mem_object_type type, cl_uint numEntries,
                                            cl_image_format* formats, cl_uint* numFormats) {
    return guarded([&]() -> cl_int {
        if (!Context::from(context)) return CL_INVALID_CONTEXT;
        if (!memflags::valid(flags) || !knownImageType(type) || (numEntries == 0 && formats))
            return CL_INVALID_VALUE;
        const std::vector<cl_image_format>& all = imageformats::supported();
        for (cl_uint i = 0; formats && i < numEntries && i < all.size(); ++i)
            formats[i] = all[i];
        if (numFormats) *numFormats = static_cast<cl_uint>(all.size());
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetImageInfo(cl_mem mem, cl_image_info param, size_t size, void* value,
                                size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        MemObject* m = MemObject::from(mem);
        if (!m || !m->image) return CL_INVALID_MEM_OBJECT;
        const image::Object& img = *m->image;
        InfoAnswer a(size, value, sizeRet);
        const unsigned dims = image::spatialDims(img.dim);
        const bool is1DArray = img.dim == image::Dim::Image1DArray;
        const size_t texel = image::texelBytes(img.format);
        switch (param) {
        case CL_IMAGE_FORMAT:
            return a.scalar(imageformats::toClFormat(img.format));
        case CL_IMAGE_ELEMENT_SIZE:
            return a.scalar<size_t>(texel);
        case CL_IMAGE_ROW_PITCH:
            return a.scalar<size_t>(is1DArray ? img.width * texel : img.rowPitch);
        case CL_IMAGE_SLICE_PITCH: // the pitch of 3D slices and array layers, else 0
            return a.scalar<size_t>(is1DArray                              ? img.rowPitch
                                    : dims == 3 || image::isArray(img.dim) ? img.slicePitch
                                                                           : 0);
        case CL_IMAGE_WIDTH:
            return a.scalar<size_t>(img.width);
        case CL_IMAGE_HEIGHT:
            return a.scalar<size_t>(dims >= 2 ? img.height : 0);
        case CL_IMAGE_DEPTH:
            return a.scalar<size_t>(dims == 3 ? img.depth : 0);
        case CL_IMAGE_ARRAY_SIZE:
            return a.scalar<size_t>(image::isArray(img.dim) ? img.arraySize : 0);
        case CL_IMAGE_BUFFER:
            return a.scalar<cl_mem>(
                img.dim == image::Dim::Image1DBuffer && m->parent ? m->parent->handle() : nullptr);
        case CL_IMAGE_NUM_MIP_LEVELS:
        case CL_IMAGE_NUM_SAMPLES:
            return a.scalar<cl_uint>(0);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

} // namespace

void fillImageApi(cl_icd_dispatch& d) {
    d.clCreateImage = CreateImage;
    d.clCreateImageWithProperties = CreateImageWithProperties;
    d.clCreateImage2D = CreateImage2D;
    d.clCreateImage3D = CreateImage3D;
    d.clGetSupportedImageFormats = GetSupportedImageFormats;
    d.clGetImageInfo = GetImageInfo;
    fillImageCommandApi(d);
}

} // namespace clstep::ocl
