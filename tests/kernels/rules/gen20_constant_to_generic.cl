// cl-std: CL2.0
// __constant is not part of the generic address space (spec 6.5.5).
kernel void k(constant int *c, global int *out) {
    int *p = c; // expect-error: address-space-mismatch
    out[0] = *p;
}
