#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace clstep::image {

/// CLK_ADDRESS_* values of the sampler bit field (OpenCL C 1.2 6.12.14.1).
enum class Addressing : uint8_t { None = 0, ClampToEdge = 2, Clamp = 4, Repeat = 6, Mirrored = 8 };
/// CLK_FILTER_* values.
enum class Filter : uint8_t { Nearest = 0x10, Linear = 0x20 };

/// A sampler_t value decoded: CLK_NORMALIZED_COORDS_TRUE (bit 0), the addressing mode
/// (bits 1-3) and the filter (0x10 or 0x20), as the CLK_* macros of Program.cpp spell them.
struct Sampler {
    bool normalized = false;
    Addressing addressing = Addressing::None;
    Filter filter = Filter::Nearest;

    /// Decodes the bits; a value that is not a combination of the CLK_* constants gives
    /// false (the caller reports it).
    static bool fromBits(uint32_t bits, Sampler& out);
};

/// The texels a read touches and their weights (8.2 of the OpenCL 1.2 API spec): one texel
/// for nearest filtering, 2/4/8 for linear filtering in 1/2/3 dimensions. Coordinates are
/// texel indices; `border[k]` marks a texel outside the image under CLK_ADDRESS_CLAMP (its
/// value is the border color), `outside` that a coordinate fell outside the image under
/// CLK_ADDRESS_NONE (undefined: the caller reports it and reads nothing).
struct Footprint {
    unsigned count = 0;
    std::array<std::array<int64_t, 3>, 8> texel{};
    std::array<float, 8> weight{};
    std::array<bool, 8> border{};
    bool outside = false;
};

/// Computes the footprint of a read at `coord` (x, y, z; unused ones 0) of an image of
/// `dims` dimensions (1-3; an array image's layer is not a coordinate here) and `size`
/// texels per dimension, with the sampling equations of 8.2: normalized coordinates are
/// scaled by the size; CLK_ADDRESS_REPEAT and MIRRORED_REPEAT wrap, CLAMP_TO_EDGE clamps
/// to the edge texels, CLAMP to one texel of border; linear filtering takes the 2^dims
/// texels around (u - 0.5) with weights (1 - a)/a per dimension.
Footprint footprint(const Sampler& s, unsigned dims, const std::array<int64_t, 3>& size,
                    const std::array<float, 3>& coord);

/// The one texel of a read with CLK_FILTER_NEAREST: the same as footprint() for a nearest
/// sampler (texel[0], border[0], outside), without the linear-filtering fields; the fast
/// path of read_image*.
struct NearestTexel {
    std::array<int64_t, 3> texel{0, 0, 0};
    bool border = false;
    bool outside = false;
};
NearestTexel nearest(const Sampler& s, unsigned dims, const std::array<int64_t, 3>& size,
                     const std::array<float, 3>& coord);

/// Why a read is undefined per OpenCL C 1.2 6.12.14.1/6.12.14.2, or "" when it is defined:
/// REPEAT or MIRRORED_REPEAT without normalized coordinates; linear filtering for
/// read_imagei/read_imageui (`integerRead`); integer coordinates (`intCoords`) with
/// normalized coordinates, linear filtering or a repeat mode.
std::string undefinedCombination(const Sampler& s, bool intCoords, bool integerRead);

} // namespace clstep::image
