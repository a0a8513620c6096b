// Casting a __global pointer to a __constant pointer is still a change of address space.
kernel void k(global int *g, global int *out) {
    constant int *c = (constant int *)g; // expect-error: address-space-cast
    out[0] = c[0];
}
