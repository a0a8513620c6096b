#pragma once

#include "builtins/ImageFormat.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace clstep::image {

/// The image types of OpenCL C 1.2 6.1.3 (and their cl_mem_object_type values, 5.3).
enum class Dim : uint16_t {
    Image2D = 0x10F1,
    Image3D = 0x10F2,
    Image2DArray = 0x10F3,
    Image1D = 0x10F4,
    Image1DArray = 0x10F5,
    Image1DBuffer = 0x10F6,
};

/// The image type named by an OpenCL C type spelling ("image2d_t"), nullopt for any other.
std::optional<Dim> dimFromTypeName(std::string_view typeName);
/// The OpenCL C type spelling of `d` ("image2d_t").
std::string_view typeName(Dim d);
/// Spatial dimensions of a coordinate without the array layer: 1, 2 or 3 (an array
/// image's layer index is the last coordinate, counted apart).
constexpr unsigned spatialDims(Dim d) {
    switch (d) {
    case Dim::Image1D:
    case Dim::Image1DArray:
    case Dim::Image1DBuffer:
        return 1;
    case Dim::Image3D:
        return 3;
    default: // Image2D, Image2DArray
        return 2;
    }
}
/// True for image1d_array_t and image2d_array_t.
constexpr bool isArray(Dim d) {
    return d == Dim::Image1DArray || d == Dim::Image2DArray;
}

/// The interpreter-side image object (cl_image_desc + cl_image_format, 5.3.1): its type,
/// format and size in texels. The texels themselves are the bytes of one `__global`
/// buffer (so the memory pane, bounds, race and uninitialized checks see them): texel
/// (x, y, z) is at byte x * texelBytes + y * rowPitch + z * slicePitch, where z is the
/// depth of a 3D image or the layer of an array image (for image1d_array_t the layer is
/// the y coordinate: its rows are the layers). Kernels receive the buffer's address as the
/// image handle; the launch layer (KernelRun) keeps the object beside the buffer.
struct Object {
    Dim dim = Dim::Image2D;
    Format format;
    uint64_t width = 1;      ///< texels
    uint64_t height = 1;     ///< texels (1 for 1D images; layers for image1d_array_t)
    uint64_t depth = 1;      ///< texels (3D images only)
    uint64_t arraySize = 1;  ///< layers of an array image (1 otherwise)
    uint64_t rowPitch = 0;   ///< bytes between rows (>= width * texelBytes)
    uint64_t slicePitch = 0; ///< bytes between 2D slices / layers (>= rowPitch * height)

    /// An image with tight pitches (rowPitch = width * texel bytes, slicePitch = rowPitch *
    /// rows). For image1d_array_t pass the layers as `arraySize` (stored as height too).
    static Object make(Dim dim, Format format, uint64_t width, uint64_t height = 1,
                       uint64_t depth = 1, uint64_t arraySize = 1);
    /// Bytes of the backing buffer (slicePitch * slices; 0 for an empty image).
    uint64_t byteSize() const;
    /// Slices of the buffer: depth (3D), arraySize (2D array), 1 otherwise.
    uint64_t slices() const;
    /// Byte offset of texel (x, y, z) in the buffer (no range check: see contains).
    uint64_t texelOffset(int64_t x, int64_t y, int64_t z) const {
        return uint64_t(x) * texelBytes(format) + uint64_t(y) * rowPitch + uint64_t(z) * slicePitch;
    }
    /// True when (x, y, z) is a texel of the image (unused coordinates must be 0).
    bool contains(int64_t x, int64_t y, int64_t z) const;
    /// Why the object cannot be created, or "" when it can: a zero size, a size over the
    /// device limits of `maxSize2D` / `maxSize3D` texels per dimension (CL_DEVICE_IMAGE2D_MAX_
    /// WIDTH and friends; 1.2 API spec table 4.3 minimums are 8192 and 2048), more than
    /// 2048 layers, or pitches smaller than the texels they hold.
    std::string validate(uint64_t maxSize2D = 8192, uint64_t maxSize3D = 2048) const;
};

} // namespace clstep::image
