// Returning a pointer to __local from a function returning a pointer to __global.
global int *pick(global int *g, local int *l) {
    return l; // expect-error: address-space-mismatch
}
kernel void k(global int *g, local int *l) { pick(g, l)[0] = 1; }
