#pragma once

// Texel loads and stores of the image builtins (OpenCL C 1.2 6.12.14.2-3): each texel is one
// `__global` access through BuiltinEnv::load/store, so bounds, read-only/write-only, race,
// uninitialized and endian checks and the memory views see every texel as one access of
// image::texelBytes bytes at its address.

#include "builtins/BuiltinEnv.h"

#include <cstdint>
#include <cstring>

namespace clstep::image {

/// The byte-aligned `__global` type in which a texel of `n` bytes (1, 2, 4, 8 or 16, see
/// texelBytes) is accessed on a little-endian device: uchar, ushort, uint, ulong or a vector
/// of two ulong, so one component or two carry the bytes (the hot path of read_image*).
const QualType& texelWordType(unsigned n);
/// The type in which a texel of `n` bytes (0 to 16) is accessed on a big-endian device (or
/// for any `n` that is no word size): a byte-aligned vector of `n` uchar components, which no
/// byte order swaps (texel bytes are stored little-endian, OpenCL 1.2 API spec 8.3).
const QualType& texelByteType(unsigned n);

/// True when a texel of `n` bytes travels in texelWordType(n).
constexpr bool texelIsWord(unsigned n) {
    return n == 1 || n == 2 || n == 4 || n == 8 || n == 16;
}

/// Loads the `n` bytes (at most 16) of the texel at device address `address` into `bytes`,
/// as one checked access attributed to `site`. A failed access (reported by the
/// environment: out of bounds, write-only, ...) gives zero bytes.
inline void loadTexel(BuiltinEnv& env, uint64_t address, unsigned n, const SourceRange& site,
                      uint8_t* bytes) {
    if (!texelIsWord(n) || env.deviceBigEndian()) {
        const Value v = env.load(address, texelByteType(n), site);
        for (unsigned i = 0; i < n; ++i)
            bytes[i] = uint8_t(v.components[i].u);
        return;
    }
    // The inverse of the components' little-endian reads (runtime/ComponentMemory.h: memcpy of the
    // n bytes into an n-byte integer, widened to the component). A texel of up to 8 bytes is
    // one scalar (loadScalar: the same checks as load, without a whole Value).
    if (n == 16) {
        const Value v = env.load(address, texelWordType(n), site);
        std::memcpy(bytes, &v.components[0].u, 8);
        std::memcpy(bytes + 8, &v.components[1].u, 8);
        return;
    }
    const uint64_t u = env.loadScalar(address, texelWordType(n), site).u;
    if (n == 1) {
        bytes[0] = uint8_t(u);
    } else if (n == 2) {
        const uint16_t w = uint16_t(u);
        std::memcpy(bytes, &w, 2);
    } else if (n == 4) {
        const uint32_t w = uint32_t(u);
        std::memcpy(bytes, &w, 4);
    } else {
        std::memcpy(bytes, &u, 8);
    }
}

/// Stores the `n` bytes (at most 16) at `bytes` as the texel at `address` (one checked
/// access, like loadTexel).
void storeTexel(BuiltinEnv& env, uint64_t address, unsigned n, const uint8_t* bytes,
                const SourceRange& site);

} // namespace clstep::image
