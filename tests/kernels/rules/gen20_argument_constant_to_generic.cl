// cl-std: CL2.0
// A __constant pointer cannot be passed for a generic pointer parameter.
int first(int *p) { return p[0]; }
kernel void k(constant int *c, global int *out) {
    out[0] = first(c); // expect-error: address-space-mismatch
}
