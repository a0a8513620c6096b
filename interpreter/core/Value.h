#pragma once

#include <cstdint>
#include <cstring>

namespace clstep {

/// One component of a Value. Integer components hold the value sign- or zero-extended to 64 bits
/// according to the component type (so `i`/`u` can be used directly); `float` and `half` components
/// use `f` (half values are widened to float: OpenCL C 1.2 only stores half), `double` components
/// use `d`; pointer components hold an encoded address (see Address.h) in `u`.
union Component {
    int64_t i;
    uint64_t u;
    double d;
    float f;
};

/// An rvalue of any scalar, vector or pointer type: up to 16 components. The type is not stored
/// here: Sema has fixed every expression's type, and the interpreter knows it statically.
/// Struct, union and array rvalues are represented by the address of their bytes in component 0
/// (the interpreter copies the bytes where they are stored).
struct Value {
    Component components[16];

    /// All components zero (interpreter/CMakeLists.txt makes GCC do this with vector stores).
    Value() : components{} {}
    static Value ofInt(int64_t v) {
        Value r;
        r.components[0].i = v;
        return r;
    }
    static Value ofUInt(uint64_t v) {
        Value r;
        r.components[0].u = v;
        return r;
    }
    static Value ofFloat(float v) {
        Value r;
        r.components[0].f = v;
        return r;
    }
    static Value ofDouble(double v) {
        Value r;
        r.components[0].d = v;
        return r;
    }
};

} // namespace clstep
