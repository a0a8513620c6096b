// Macro-heavy kernel: function-like macros, stringising-free token pasting,
// conditional compilation on OpenCL version and on user -D options.

#ifndef T
#define T float
#endif
#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define VEC4 CAT(T, 4)
#define SQR(x) ((x) * (x))
#define CLAMP01(x) clamp((x), (T)0, (T)1)
#define IDX2(r, c, ld) ((r) * (ld) + (c))
#define LOOP(i, n) for (int i = 0; i < (n); ++i)

// __OPENCL_VERSION__ is the device's version (set by the implementation);
// __OPENCL_C_VERSION__ is the language version selected with -cl-std.
#if __OPENCL_VERSION__ >= 120 || __OPENCL_C_VERSION__ >= 120
#define HAS_12 1
#else
#define HAS_12 0
#endif

#ifndef __OPENCL_VERSION__
#define DEVICE_VERSION __OPENCL_C_VERSION__
#else
#define DEVICE_VERSION __OPENCL_VERSION__
#endif

#ifdef USE_FAST_MATH
#define DIV(a, b) native_divide(a, b)
#else
#define DIV(a, b) ((a) / (b))
#endif

#if HAS_12 && !defined(DISABLE_POPCOUNT)
#define BITS(x) popcount(x)
#else
#define BITS(x) (x)
#endif

__kernel void normalize_rows(__global T *m, const int rows, const int cols, __global int *info)
{
    int r = get_global_id(0);
    if (r >= rows)
        return;
    T norm = 0;
    LOOP(c, cols) norm += SQR(m[IDX2(r, c, cols)]);
    norm = sqrt(norm);
    LOOP(c, cols) m[IDX2(r, c, cols)] = CLAMP01(DIV(m[IDX2(r, c, cols)], norm));
    if (r == 0) {
        info[0] = DEVICE_VERSION;
        info[1] = HAS_12;
        info[2] = BITS(cols);
        info[3] = (int)sizeof(VEC4);
        info[4] = __LINE__;
    }
}
#undef LOOP
