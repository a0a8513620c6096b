#include "builtins/MemoryBuiltinHelpers.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace clstep::mem {

namespace {

constexpr int kHalfMantBits = 10;
constexpr int kHalfBias = 15;
constexpr int kHalfMinExp = -14; // exponent of the smallest normal half
constexpr uint16_t kHalfInf = 0x7c00;
constexpr uint16_t kHalfMaxFinite = 0x7bff;

/// The half result of a magnitude too large for the format under `mode` (IEEE 754 7.4).
uint16_t overflowResult(bool negative, HalfRounding mode) {
    bool toInf = mode == HalfRounding::Rte || (mode == HalfRounding::Rtp && !negative) ||
                 (mode == HalfRounding::Rtn && negative);
    return static_cast<uint16_t>((negative ? 0x8000 : 0) | (toInf ? kHalfInf : kHalfMaxFinite));
}

} // namespace

uint16_t halfFromDouble(double v, HalfRounding mode) {
    const bool negative = std::signbit(v);
    const uint16_t sign = negative ? 0x8000 : 0;
    if (std::isnan(v)) {
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        uint16_t payload = static_cast<uint16_t>((bits >> 42) & 0x3ff);
        return static_cast<uint16_t>(sign | kHalfInf | 0x200 | payload);
    }
    double a = std::fabs(v);
    if (std::isinf(a)) return sign | kHalfInf;
    if (a == 0.0) return sign;
    int e;
    std::frexp(a, &e); // a in [2^(e-1), 2^e)
    // Value of the last mantissa bit: 2^(exp-10) for normals, 2^-24 for subnormals.
    int quantumExp = std::max(e - 1, kHalfMinExp) - kHalfMantBits;
    double scaled = std::ldexp(a, -quantumExp); // exact: a power-of-two scaling
    double whole = std::floor(scaled);
    double frac = scaled - whole; // exact
    uint64_t n = whole >= 4096.0 ? 4096 : static_cast<uint64_t>(whole);
    bool up = false;
    switch (mode) {
    case HalfRounding::Rte:
        up = frac > 0.5 || (frac == 0.5 && (n & 1));
        break;
    case HalfRounding::Rtz:
        break;
    case HalfRounding::Rtp:
        up = frac > 0 && !negative;
        break;
    case HalfRounding::Rtn:
        up = frac > 0 && negative;
        break;
    }
    if (up) ++n;
    if (n >= 2 * (uint64_t(1) << kHalfMantBits)) { // carried into the next binade
        n >>= 1;
        ++quantumExp;
    }
    if (n < (uint64_t(1) << kHalfMantBits)) // subnormal (or zero after rounding down)
        return static_cast<uint16_t>(sign | n);
    int biased = quantumExp + kHalfMantBits + kHalfBias;
    if (biased >= 31) return overflowResult(negative, mode);
    return static_cast<uint16_t>(sign | (biased << kHalfMantBits) |
                                 (n - (uint64_t(1) << kHalfMantBits)));
}

} // namespace clstep::mem
