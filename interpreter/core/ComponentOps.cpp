#include "core/ComponentOps.h"

#include <cstring>

namespace clstep::component {

float roundToHalf(float f) {
    if (std::isnan(f) || std::isinf(f)) return f;
    float a = std::fabs(f);
    if (a >= 65520.0f) return std::copysign(INFINITY, f); // rounds to inf in RTE
    if (a < 6.103515625e-05f) {
        // subnormal half: quantum 2^-24
        float q = 5.9604644775390625e-08f;
        return std::copysign(std::nearbyint(a / q) * q, f);
    }
    int e;
    std::frexp(a, &e);                  // a = m * 2^e, m in [0.5,1)
    float q = std::ldexp(1.0f, e - 11); // 10 fraction bits + implicit bit
    return std::copysign(std::nearbyint(a / q) * q, f);
}

float roundDoubleToHalf(double d) {
    // Round to odd at float precision, then to nearest even at half precision: with 24 >= 11 + 2
    // bits the second rounding gives the correctly rounded half of d.
    float f = static_cast<float>(d);
    if (std::isfinite(f) && static_cast<double>(f) != d && !std::isnan(d)) {
        uint32_t bits;
        std::memcpy(&bits, &f, sizeof bits);
        if ((bits & 1) == 0) f = std::nextafter(f, d > f ? INFINITY : -INFINITY);
    }
    return roundToHalf(f);
}

} // namespace clstep::component
