// cl-std: CL2.0
// ... nor a generic pointer into a __constant one.
kernel void k(global int *g, global int *out) {
    int *p = g;
    constant int *c = (constant int *)p; // expect-error: address-space-cast
    out[0] = *c;
}
