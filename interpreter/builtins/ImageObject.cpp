// The image object of OpenCL 1.2 API spec 5.3: layout of texels in the backing buffer.
#include "builtins/ImageObject.h"

namespace clstep::image {

namespace {
struct DimName {
    Dim dim;
    std::string_view name;
};
constexpr DimName kDims[] = {
    {Dim::Image1D, "image1d_t"},
    {Dim::Image1DArray, "image1d_array_t"},
    {Dim::Image1DBuffer, "image1d_buffer_t"},
    {Dim::Image2D, "image2d_t"},
    {Dim::Image2DArray, "image2d_array_t"},
    {Dim::Image3D, "image3d_t"},
};
} // namespace

std::optional<Dim> dimFromTypeName(std::string_view name) {
    for (const DimName& d : kDims)
        if (d.name == name) return d.dim;
    return std::nullopt;
}

std::string_view typeName(Dim dim) {
    for (const DimName& d : kDims)
        if (d.dim == dim) return d.name;
    return "image";
}

Object Object::make(Dim dim, Format format, uint64_t width, uint64_t height, uint64_t depth,
                    uint64_t arraySize) {
    Object o;
    o.dim = dim;
    o.format = format;
    o.width = width;
    unsigned dims = spatialDims(dim);
    o.height = dim == Dim::Image1DArray ? arraySize : dims >= 2 ? height : 1;
    o.depth = dims == 3 ? depth : 1;
    o.arraySize = isArray(dim) ? arraySize : 1;
    o.rowPitch = width * texelBytes(format);
    o.slicePitch = o.rowPitch * o.height;
    return o;
}

uint64_t Object::slices() const {
    if (dim == Dim::Image3D) return depth;
    if (dim == Dim::Image2DArray) return arraySize;
    return 1;
}

uint64_t Object::byteSize() const {
    return slicePitch * slices();
}

bool Object::contains(int64_t x, int64_t y, int64_t z) const {
    return x >= 0 && uint64_t(x) < width && y >= 0 && uint64_t(y) < height && z >= 0 &&
           uint64_t(z) < slices();
}

std::string Object::validate(uint64_t maxSize2D, uint64_t maxSize3D) const {
    if (width == 0 || height == 0 || depth == 0 || arraySize == 0)
        return "an image must be at least 1 texel in every dimension";
    uint64_t limit = dim == Dim::Image3D ? maxSize3D : maxSize2D;
    if (dim == Dim::Image1DBuffer) limit = 65536; // CL_DEVICE_IMAGE_MAX_BUFFER_SIZE minimum
    std::string t(typeName(dim));
    if (width > limit || (dim != Dim::Image1DArray && height > limit) || depth > limit)
        return "a " + t + " can be at most " + std::to_string(limit) +
               " texels in each dimension (CL_DEVICE_IMAGE" + (dim == Dim::Image3D ? "3D" : "2D") +
               "_MAX_WIDTH)";
    if (arraySize > 2048)
        return "an image array can have at most 2048 layers (CL_DEVICE_IMAGE_MAX_ARRAY_SIZE)";
    if (rowPitch < width * texelBytes(format) || slicePitch < rowPitch * height)
        return "the row or slice pitch is smaller than the texels it holds";
    return "";
}

} // namespace clstep::image
