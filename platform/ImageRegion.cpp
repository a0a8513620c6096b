#include "ImageRegion.h"

#include <cstring>

namespace clstep::ocl {

bool ImageRegion::set(const image::Object& img, const size_t* o, const size_t* r) {
    if (!o || !r) return false;
    for (int i = 0; i < 3; ++i) {
        origin[i] = o[i];
        region[i] = r[i];
        if (region[i] == 0) return false;
    }
    const bool rows = image::spatialDims(img.dim) >= 2 || img.dim == image::Dim::Image1DArray;
    const bool slices = img.dim == image::Dim::Image3D || img.dim == image::Dim::Image2DArray;
    if (!rows && (origin[1] != 0 || region[1] != 1)) return false;
    if (!slices && (origin[2] != 0 || region[2] != 1)) return false;
    const uint64_t limit[3] = {img.width, img.height, img.slices()};
    for (int i = 0; i < 3; ++i)
        if (origin[i] > limit[i] || region[i] > limit[i] - origin[i]) return false;
    return true;
}

size_t ImageRegion::rowBytes(const image::Object& img) const {
    return region[0] * image::texelBytes(img.format);
}

size_t ImageRegion::packedBytes(const image::Object& img) const {
    return rowBytes(img) * region[1] * region[2];
}

bool ImageRegion::overlap(const ImageRegion& a, const ImageRegion& b) {
    for (int i = 0; i < 3; ++i)
        if (a.origin[i] >= b.origin[i] + b.region[i] || b.origin[i] >= a.origin[i] + a.region[i])
            return false;
    return true;
}

void copyBox(uint8_t* dst, size_t dstRowPitch, size_t dstSlicePitch, const uint8_t* src,
             size_t srcRowPitch, size_t srcSlicePitch, size_t rowBytes, size_t rows,
             size_t slices) {
    for (size_t z = 0; z < slices; ++z)
        for (size_t y = 0; y < rows; ++y)
            std::memmove(dst + z * dstSlicePitch + y * dstRowPitch,
                         src + z * srcSlicePitch + y * srcRowPitch, rowBytes);
}

bool hostStrides(const image::Object& img, const ImageRegion& box, size_t rowPitch,
                 size_t slicePitch, size_t& yStride, size_t& zStride) {
    const size_t rowBytes = box.rowBytes(img);
    if (rowPitch && rowPitch < rowBytes) return false;
    const size_t row = rowPitch ? rowPitch : rowBytes;
    const bool slices = img.dim == image::Dim::Image3D || img.dim == image::Dim::Image2DArray;
    if (img.dim == image::Dim::Image1DArray) {
        // The layers of a 1D image array are its rows: the host's layer pitch is slicePitch.
        if (slicePitch && slicePitch < row) return false;
        yStride = slicePitch ? slicePitch : row;
        zStride = yStride * box.region[1];
        return true;
    }
    if (!slices && slicePitch) return false;
    if (slicePitch && slicePitch < row * box.region[1]) return false;
    yStride = row;
    zStride = slicePitch ? slicePitch : row * box.region[1];
    return true;
}

std::vector<uint8_t> packImage(const image::Object& img, const uint8_t* data,
                               image::Object& packed) {
    packed = img;
    const uint64_t rowBytes = img.width * image::texelBytes(img.format);
    packed.rowPitch = rowBytes;
    packed.slicePitch = rowBytes * img.height;
    if (img.rowPitch == packed.rowPitch && img.slicePitch == packed.slicePitch)
        return std::vector<uint8_t>(data, data + packed.byteSize()); // one pass, no zero fill
    std::vector<uint8_t> bytes(packed.byteSize());
    copyBox(bytes.data(), packed.rowPitch, packed.slicePitch, data, img.rowPitch, img.slicePitch,
            rowBytes, img.height, img.slices());
    return bytes;
}

} // namespace clstep::ocl
