// cl-std: CL2.0
// Comparing a generic pointer with a __constant pointer is an error (disjoint spaces).
kernel void k(global int *g, constant int *c, global int *out) {
    int *p = g;
    out[0] = p == c; // expect-error: address-space-mismatch
}
