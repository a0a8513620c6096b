// A pointer to __local cannot be assigned to a pointer to __global (spec 6.5).
kernel void k(global int *g, local int *l) {
    g = l; // expect-error: address-space-mismatch
    g[0] = 1;
}
