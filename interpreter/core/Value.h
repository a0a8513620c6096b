#pragma once

#include <cstdint>
#include <cstring>

namespace clstep {

/// One lane of a Value. Integer lanes hold the value sign- or zero-extended to 64 bits
/// according to the lane type (so `i`/`u` can be used directly); `float` and `half` lanes use
/// `f` (half values are widened to float: OpenCL C 1.2 only stores half), `double` lanes
/// use `d`; pointer lanes hold an encoded address (see Address.h) in `u`.
union Lane {
    int64_t i;
    uint64_t u;
    double d;
    float f;
};

/// An rvalue of any scalar, vector or pointer type: up to 16 lanes. The type is not stored
/// here: Sema has fixed every expression's type, and the interpreter knows it statically.
/// Struct, union and array rvalues are represented by the address of their bytes in lane 0
/// (the interpreter copies the bytes where they are stored).
struct Value {
    Lane lanes[16];

    /// All lanes zero (interpreter/CMakeLists.txt makes GCC do this with vector stores).
    Value() : lanes{} {}
    static Value ofInt(int64_t v) {
        Value r;
        r.lanes[0].i = v;
        return r;
    }
    static Value ofUInt(uint64_t v) {
        Value r;
        r.lanes[0].u = v;
        return r;
    }
    static Value ofFloat(float v) {
        Value r;
        r.lanes[0].f = v;
        return r;
    }
    static Value ofDouble(double v) {
        Value r;
        r.lanes[0].d = v;
        return r;
    }
};

} // namespace clstep
