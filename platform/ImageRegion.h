#pragma once

#include "IcdHandles.h"
#include "builtins/ImageObject.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace clstep::ocl {

/// A box of texels of an image, as the image commands of the OpenCL 1.2 API spec 5.3.3
/// name it: `origin` (x, y, z) and `region` (width, height, depth) in texels, where y is the
/// layer of an image1d_array_t and z the layer of an image2d_array_t (so origin maps to
/// image::Object::texelOffset directly).
struct ImageRegion {
    std::array<size_t, 3> origin{0, 0, 0};
    std::array<size_t, 3> region{1, 1, 1};

    /// Reads `origin` and `region` of an image command and checks them against `img`: true
    /// when both are given, no region size is 0, the unused coordinates are 0 (origin) and
    /// 1 (region) for the image type, and the box lies inside the image. False is the
    /// spec's CL_INVALID_VALUE.
    bool set(const image::Object& img, const size_t* o, const size_t* r);
    /// Bytes of one row of the box (region[0] * texel bytes of `img`).
    size_t rowBytes(const image::Object& img) const;
    /// Bytes of the box when tightly packed (rowBytes * region[1] * region[2]).
    size_t packedBytes(const image::Object& img) const;
    /// True when the boxes `a` and `b` of the same image share a texel.
    static bool overlap(const ImageRegion& a, const ImageRegion& b);
};

/// Copies `slices` slices of `rows` rows of `rowBytes` bytes each from `src` to `dst`; each
/// side has its own row and slice pitch in bytes. Used for every image transfer.
void copyBox(uint8_t* dst, size_t dstRowPitch, size_t dstSlicePitch, const uint8_t* src,
             size_t srcRowPitch, size_t srcSlicePitch, size_t rowBytes, size_t rows, size_t slices);

/// Host pitches of an image transfer (clEnqueueRead/WriteImage, spec 5.3.3): 0 means tightly
/// packed. For an image1d_array_t the host's layer pitch is `slicePitch` (rows are layers).
/// Returns false (CL_INVALID_VALUE) when a pitch given is smaller than the box needs, or a
/// slice pitch is given for a 1D or 2D image; otherwise stores the strides between host
/// rows (y) and slices (z) in `yStride` and `zStride`.
bool hostStrides(const image::Object& img, const ImageRegion& box, size_t rowPitch,
                 size_t slicePitch, size_t& yStride, size_t& zStride);

/// The texels of `img` stored at `data` with its pitches, tightly packed (image::Object::make
/// layout), and the packed object in `packed`.
std::vector<uint8_t> packImage(const image::Object& img, const uint8_t* data,
                               image::Object& packed);

} // namespace clstep::ocl
