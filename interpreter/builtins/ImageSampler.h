#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace clstep::image {

/// CLK_ADDRESS_* values of the sampler bit field (OpenCL C 1.2 6.12.14.1).
enum class Addressing : uint8_t { None = 0, ClampToEdge = 2, Clamp = 4, Repeat = 6, Mirrored = 8 };
/// CLK_FILTER_* values.
enum class Filter : uint8_t { Nearest = 0x10, Linear = 0x20 };

/// floor(v) as an integer for any v (floorToInt's general case): saturated to INT64_MIN /
/// INT64_MAX beyond the int64_t range; INT64_MIN for NaN.
int64_t floorToIntSlow(float v);

/// A sampler_t value decoded: CLK_NORMALIZED_COORDS_TRUE (bit 0), the addressing mode
/// (bits 1-3) and the filter (0x10 or 0x20), as the CLK_* macros of Program.cpp spell them.
struct Sampler {
    bool normalized = false;
    Addressing addressing = Addressing::None;
    Filter filter = Filter::Nearest;

    /// Decodes the bits; a value that is not a combination of the CLK_* constants gives
    /// false (the caller reports it).
    static bool fromBits(uint32_t bits, Sampler& out) {
        if (bits & ~uint32_t(0x3F)) return false;
        const uint32_t addressing = bits & 0xE, filter = bits & 0x30;
        if (addressing > 8 || filter == 0x30) return false;
        out.normalized = bits & 1;
        out.addressing = static_cast<Addressing>(addressing);
        // CLK_FILTER_NEAREST is 0x10; a sampler without a filter bit filters nearest too
        // (clang's CLK_FILTER_NEAREST is 0x10 and most code names it; 0 is the default).
        out.filter = filter == 0x20 ? Filter::Linear : Filter::Nearest;
        return true;
    }
};

/// floor(v) as an integer (8.2: i = floor(u)), saturated as floorToIntSlow says; small
/// values (|v| < 2^23, so not NaN) without the libm call: truncation toward zero, one less
/// for a negative fraction.
inline int64_t floorToInt(float v) {
    if (v > -8388608.0f && v < 8388608.0f) {
        const int64_t t = static_cast<int64_t>(v);
        return static_cast<float>(t) > v ? t - 1 : t;
    }
    return floorToIntSlow(v);
}

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
/// nearest() for any sampler, normalized coordinates and the repeat modes included (its
/// out-of-line part).
NearestTexel nearestNormalized(const Sampler& s, unsigned dims, const std::array<int64_t, 3>& size,
                               const std::array<float, 3>& coord);
/// Inline: read_image* calls it for every read. Unnormalized coordinates (every integer-
/// coordinate read) with CLAMP_TO_EDGE, CLAMP or NONE are computed here (8.2: i = floor(u),
/// then the addressing mode); the other samplers through nearestNormalized().
inline NearestTexel nearest(const Sampler& s, unsigned dims, const std::array<int64_t, 3>& size,
                            const std::array<float, 3>& coord) {
    if (s.normalized || s.addressing == Addressing::Repeat || s.addressing == Addressing::Mirrored)
        return nearestNormalized(s, dims, size, coord);
    NearestTexel n;
    for (unsigned d = 0; d < dims; ++d) {
        const int64_t i = floorToInt(coord[d]);
        if (s.addressing == Addressing::ClampToEdge) {
            n.texel[d] = i < 0 ? 0 : i > size[d] - 1 ? size[d] - 1 : i;
        } else if (s.addressing == Addressing::Clamp) {
            n.texel[d] = i < -1 ? -1 : i > size[d] ? size[d] : i;
            n.border = n.border || i < 0 || i >= size[d];
        } else { // None: out of range is undefined
            n.texel[d] = i;
            n.outside = n.outside || i < 0 || i >= size[d];
        }
    }
    return n;
}

/// Why a read is undefined per OpenCL C 1.2 6.12.14.1/6.12.14.2, or "" when it is defined:
/// REPEAT or MIRRORED_REPEAT without normalized coordinates; linear filtering for
/// read_imagei/read_imageui (`integerRead`); integer coordinates (`intCoords`) with
/// normalized coordinates, linear filtering or a repeat mode.
std::string undefinedCombination(const Sampler& s, bool intCoords, bool integerRead);
/// True when undefinedCombination has a reason (the same rules, without building the
/// message: read_image* asks it on every read).
inline bool isUndefinedCombination(const Sampler& s, bool intCoords, bool integerRead) {
    const bool repeat = s.addressing == Addressing::Repeat || s.addressing == Addressing::Mirrored;
    const bool linear = s.filter == Filter::Linear;
    return (intCoords && (s.normalized || linear || repeat)) || (repeat && !s.normalized) ||
           (integerRead && linear);
}

} // namespace clstep::image
