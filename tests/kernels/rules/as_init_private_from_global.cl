// In OpenCL C 1.x an unqualified pointee is __private: initializing it from a __global
// pointer changes the address space (spec 6.5).
kernel void k(global float *g) {
    float *p = g; // expect-error: address-space-mismatch
    *p = 0.0f;
}
