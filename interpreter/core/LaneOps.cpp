#include "core/LaneOps.h"

#include <cstring>

namespace clstep::lane {

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

} // namespace clstep::lane
