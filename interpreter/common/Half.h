#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace clstep {

/// Converts an IEEE 754 binary16 (`half`, OpenCL C spec 6.1.1.1) bit pattern to float,
/// exactly: every half value is a float, including subnormals, signed zeros, infinities and
/// NaNs, whose sign and payload are kept (the 10 payload bits become the float's top
/// mantissa bits, as vload_half and a hardware half-to-float conversion give). The one
/// half-to-float conversion of clstep: component loads, vload_half, the debugger's and the GUI's
/// value formatters all use it.
inline float halfToFloat(uint16_t bits) {
    const bool negative = bits & 0x8000;
    const int exp = (bits >> 10) & 0x1f;
    const uint32_t mant = bits & 0x3ff;
    float r;
    if (exp == 0x1f) {
        if (mant == 0) {
            r = INFINITY;
        } else {
            const uint32_t f = 0x7f800000u | (mant << 13);
            std::memcpy(&r, &f, sizeof r);
        }
    } else if (exp == 0) {
        r = std::ldexp(static_cast<float>(mant), -24); // subnormal: mant * 2^-24
    } else {
        r = std::ldexp(static_cast<float>(mant | 0x400), exp - 25);
    }
    return negative ? -r : r;
}

} // namespace clstep
