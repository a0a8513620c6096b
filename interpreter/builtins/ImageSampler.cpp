#include "builtins/ImageSampler.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace clstep::image {

int64_t floorToIntSlow(float v) {
    // Saturated: a coordinate beyond the int64_t range is beyond every image (a plain
    // conversion is undefined there; x86 gave INT64_MIN, so 1e30 read row 0). NaN keeps
    // INT64_MIN, what it always gave.
    if (std::isnan(v) || v < -0x1p63f) return INT64_MIN;
    if (v >= 0x1p63f) return INT64_MAX;
    return static_cast<int64_t>(std::floor(v));
}

namespace {

/// One dimension of 8.2: the texel indices (i0, i1) and the fraction a for linear
/// filtering, or i0 for nearest. `outside`/`border` as in Footprint.
struct Axis {
    int64_t i0 = 0, i1 = 0;
    float a = 0.0f;
    bool border0 = false, border1 = false, outside = false;
};

Axis axis(const Sampler& s, int64_t size, float coord) {
    Axis r;
    const float n = static_cast<float>(size);
    const bool linear = s.filter == Filter::Linear;
    if (s.addressing == Addressing::Repeat) {
        const float u = (coord - std::floor(coord)) * n;
        if (!linear) {
            r.i0 = floorToInt(u);
            if (r.i0 > size - 1) r.i0 -= size;
            return r;
        }
        r.i0 = floorToInt(u - 0.5f);
        r.i1 = r.i0 + 1;
        if (r.i0 < 0) r.i0 += size;
        if (r.i1 > size - 1) r.i1 -= size;
        r.a = (u - 0.5f) - std::floor(u - 0.5f);
        return r;
    }
    if (s.addressing == Addressing::Mirrored) {
        const float sp = std::fabs(coord - 2.0f * std::rint(0.5f * coord));
        const float u = sp * n;
        if (!linear) {
            r.i0 = std::min<int64_t>(floorToInt(u), size - 1);
            return r;
        }
        r.i0 = std::max<int64_t>(floorToInt(u - 0.5f), 0);
        r.i1 = std::min<int64_t>(floorToInt(u - 0.5f) + 1, size - 1);
        r.a = (u - 0.5f) - std::floor(u - 0.5f);
        return r;
    }
    const float u = s.normalized ? coord * n : coord;
    auto address = [&](int64_t i, bool& border) {
        switch (s.addressing) {
        case Addressing::ClampToEdge:
            return std::clamp<int64_t>(i, 0, size - 1);
        case Addressing::Clamp:
            i = std::clamp<int64_t>(i, -1, size);
            border = i < 0 || i >= size;
            return i;
        default: // None: out of range is undefined
            if (i < 0 || i >= size) r.outside = true;
            return i;
        }
    };
    if (!linear) {
        r.i0 = address(floorToInt(u), r.border0);
        return r;
    }
    const int64_t base = floorToInt(u - 0.5f);
    r.i0 = address(base, r.border0);
    r.i1 = address(base + 1, r.border1);
    r.a = (u - 0.5f) - std::floor(u - 0.5f);
    return r;
}

} // namespace

NearestTexel nearestNormalized(const Sampler& s, unsigned dims, const std::array<int64_t, 3>& size,
                               const std::array<float, 3>& coord) {
    Sampler one = s;
    one.filter = Filter::Nearest;
    NearestTexel n;
    for (unsigned d = 0; d < dims; ++d) {
        const Axis a = axis(one, size[d], coord[d]);
        n.texel[d] = a.i0;
        n.border = n.border || a.border0;
        n.outside = n.outside || a.outside;
    }
    return n;
}

Footprint footprint(const Sampler& s, unsigned dims, const std::array<int64_t, 3>& size,
                    const std::array<float, 3>& coord) {
    Footprint f;
    std::array<Axis, 3> ax{};
    for (unsigned d = 0; d < dims; ++d) {
        ax[d] = axis(s, size[d], coord[d]);
        f.outside = f.outside || ax[d].outside;
    }
    if (s.filter == Filter::Nearest) {
        f.count = 1;
        f.weight[0] = 1.0f;
        for (unsigned d = 0; d < dims; ++d) {
            f.texel[0][d] = ax[d].i0;
            f.border[0] = f.border[0] || ax[d].border0;
        }
        return f;
    }
    f.count = 1u << dims;
    for (unsigned k = 0; k < f.count; ++k) {
        float w = 1.0f;
        bool border = false;
        for (unsigned d = 0; d < dims; ++d) {
            const bool upper = (k >> d) & 1;
            f.texel[k][d] = upper ? ax[d].i1 : ax[d].i0;
            w *= upper ? ax[d].a : 1.0f - ax[d].a;
            border = border || (upper ? ax[d].border1 : ax[d].border0);
        }
        f.weight[k] = w;
        f.border[k] = border;
    }
    return f;
}

std::string undefinedCombination(const Sampler& s, bool intCoords, bool integerRead) {
    const bool repeat = s.addressing == Addressing::Repeat || s.addressing == Addressing::Mirrored;
    if (intCoords && (s.normalized || s.filter == Filter::Linear || repeat))
        return "integer coordinates need a sampler with CLK_NORMALIZED_COORDS_FALSE, "
               "CLK_FILTER_NEAREST and CLK_ADDRESS_CLAMP_TO_EDGE, CLAMP or NONE (OpenCL C 1.2 "
               "6.12.14.2)";
    if (repeat && !s.normalized)
        return "CLK_ADDRESS_REPEAT and CLK_ADDRESS_MIRRORED_REPEAT need normalized coordinates "
               "(OpenCL C 1.2 6.12.14.1)";
    if (integerRead && s.filter == Filter::Linear)
        return "read_imagei and read_imageui need CLK_FILTER_NEAREST (OpenCL C 1.2 6.12.14.2)";
    return {};
}

} // namespace clstep::image
