// Comparing pointers into disjoint named address spaces (spec 6.5).
kernel void k(global int *g, local int *l, global int *out) {
    out[0] = g == l; // expect-error: address-space-mismatch
}
