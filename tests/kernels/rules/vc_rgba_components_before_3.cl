// cl-std: CL2.0
// r, g, b, a are OpenCL C 3.0 names (6.1.7): before 3.0 a warning, as clang-15 gives; a name of
// each set in one selection (`.xg`) is an error.
kernel void k(global float4 *p) {
    float4 a = p[0];
    a.r = 1.0f; // expect-warning: rgba-components
    p[0] = a.xg; // expect-error: invalid-swizzle
}
