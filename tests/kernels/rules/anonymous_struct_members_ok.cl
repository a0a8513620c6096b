// Legal (C11 6.7.2.1p13, accepted by OpenCL compilers): an anonymous struct or union member
// makes its own members members of the enclosing struct or union, as in pyopencl-complex.h.
typedef union {
    struct { float x, y; } __attribute__((aligned(sizeof(float))));
    struct { float real, imag; } __attribute__((aligned(sizeof(float))));
} cfloat_t;
struct Outer {
    int tag;
    union { int i; float f; };
};
kernel void k(global float *out) {
    cfloat_t a;
    a.real = 1.0f;
    a.imag = 2.0f;
    struct Outer o;
    o.tag = 1;
    o.f = 3.0f;
    cfloat_t *pa = &a;
    out[0] = a.x + pa->y + o.f + (float)o.tag;
}
