// cl-std: CL2.0
// A generic pointer cannot be converted to a named address space without a cast.
kernel void k(global int *g) {
    int *p = g;
    g = p; // expect-error: address-space-mismatch
    g[0] = 1;
}
