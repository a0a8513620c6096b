// Pointer subtraction across address spaces.
kernel void k(global int *g, local int *l, global long *out) {
    out[0] = g - l; // expect-error: address-space-mismatch
}
