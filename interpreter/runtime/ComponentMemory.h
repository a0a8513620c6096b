#pragma once

#include "common/Half.h"
#include "core/ComponentOps.h"
#include "core/Type.h"
#include "core/Value.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

/// Reading and writing one component (scalar element) of a Value from/to simulated memory bytes,
/// in little-endian order or byte-swapped (big-endian device). Half components are converted
/// between IEEE binary16 bits and float.
namespace clstep::componentmem {

/// The binary16 bits of a half component's float value. A NaN keeps its sign and the top 10 bits
/// of its payload (the bits halfToFloat put there), so half NaN patterns survive a store.
inline uint16_t floatToHalfBits(float f) {
    f = component::roundToHalf(f);
    uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    float a = std::fabs(f);
    if (std::isnan(f)) {
        uint32_t b;
        std::memcpy(&b, &f, sizeof b);
        const uint16_t payload = static_cast<uint16_t>((b >> 13) & 0x3ff);
        return sign | 0x7c00 | (payload ? payload : 0x200);
    }
    if (std::isinf(a)) return sign | 0x7c00;
    if (a == 0) return sign;
    int e;
    float m = std::frexp(a, &e); // a = m*2^e, m in [0.5,1)
    int exp = e - 1 + 15;
    if (exp <= 0) return sign | static_cast<uint16_t>(std::lround(a / std::ldexp(1.0f, -24)));
    uint16_t mant = static_cast<uint16_t>(std::lround((m * 2 - 1) * 1024));
    return sign | static_cast<uint16_t>(exp << 10) | mant;
}

[[gnu::always_inline]] inline void readComponent(const uint8_t* p, TypeKind k, bool swap,
                                                 Component& out) {
    uint8_t tmp[8];
    size_t n = k == TypeKind::Pointer ? 8 : 0;
    switch (k) {
    case TypeKind::Bool:
    case TypeKind::Char:
    case TypeKind::UChar:
        n = 1;
        break;
    case TypeKind::Short:
    case TypeKind::UShort:
    case TypeKind::Half:
        n = 2;
        break;
    case TypeKind::Int:
    case TypeKind::UInt:
    case TypeKind::Float:
        n = 4;
        break;
    default:
        n = 8;
        break;
    }
    if (swap) {
        for (size_t i = 0; i < n; ++i)
            tmp[i] = p[n - 1 - i];
        p = tmp;
    }
    out.u = 0;
    switch (k) {
    case TypeKind::Bool:
        out.u = p[0] != 0;
        break;
    case TypeKind::Char:
        out.i = static_cast<int8_t>(p[0]);
        break;
    case TypeKind::UChar:
        out.u = p[0];
        break;
    case TypeKind::Short: {
        int16_t v;
        std::memcpy(&v, p, 2);
        out.i = v;
        break;
    }
    case TypeKind::UShort: {
        uint16_t v;
        std::memcpy(&v, p, 2);
        out.u = v;
        break;
    }
    case TypeKind::Half: {
        uint16_t v;
        std::memcpy(&v, p, 2);
        out.f = halfToFloat(v);
        break;
    }
    case TypeKind::Int: {
        int32_t v;
        std::memcpy(&v, p, 4);
        out.i = v;
        break;
    }
    case TypeKind::UInt: {
        uint32_t v;
        std::memcpy(&v, p, 4);
        out.u = v;
        break;
    }
    case TypeKind::Float:
        std::memcpy(&out.f, p, 4);
        break;
    case TypeKind::Double:
        std::memcpy(&out.d, p, 8);
        break;
    default:
        std::memcpy(&out.u, p, 8);
        break;
    }
}

[[gnu::always_inline]] inline void writeComponent(uint8_t* p, TypeKind k, bool swap,
                                                  const Component& in) {
    uint8_t tmp[8];
    size_t n;
    switch (k) {
    case TypeKind::Bool:
        tmp[0] = in.u != 0;
        n = 1;
        break;
    case TypeKind::Char:
    case TypeKind::UChar:
        tmp[0] = static_cast<uint8_t>(in.u);
        n = 1;
        break;
    case TypeKind::Short:
    case TypeKind::UShort: {
        uint16_t v = static_cast<uint16_t>(in.u);
        std::memcpy(tmp, &v, 2);
        n = 2;
        break;
    }
    case TypeKind::Half: {
        uint16_t v = floatToHalfBits(in.f);
        std::memcpy(tmp, &v, 2);
        n = 2;
        break;
    }
    case TypeKind::Int:
    case TypeKind::UInt: {
        uint32_t v = static_cast<uint32_t>(in.u);
        std::memcpy(tmp, &v, 4);
        n = 4;
        break;
    }
    case TypeKind::Float:
        std::memcpy(tmp, &in.f, 4);
        n = 4;
        break;
    case TypeKind::Double:
        std::memcpy(tmp, &in.d, 8);
        n = 8;
        break;
    default:
        std::memcpy(tmp, &in.u, 8);
        n = 8;
        break;
    }
    if (swap) std::reverse(tmp, tmp + n);
    std::memcpy(p, tmp, n);
}
/// Reads `count` little-endian components of kind `k` (`es` bytes each) from `p`.
inline void readComponents(const uint8_t* p, TypeKind k, uint64_t es, uint32_t count,
                           Component* out) {
    if (k == TypeKind::Float) {
        for (uint32_t i = 0; i < count; ++i) {
            out[i].u = 0;
            std::memcpy(&out[i].f, p + i * 4, 4);
        }
        return;
    }
    for (uint32_t i = 0; i < count; ++i)
        readComponent(p + i * es, k, false, out[i]);
}

/// Writes `count` components of kind `k` (`es` bytes each) to `p`, little-endian.
inline void writeComponents(uint8_t* p, TypeKind k, uint64_t es, uint32_t count,
                            const Component* in) {
    if (k == TypeKind::Float) {
        for (uint32_t i = 0; i < count; ++i)
            std::memcpy(p + i * 4, &in[i].f, 4);
        return;
    }
    for (uint32_t i = 0; i < count; ++i)
        writeComponent(p + i * es, k, false, in[i]);
}

} // namespace clstep::componentmem
