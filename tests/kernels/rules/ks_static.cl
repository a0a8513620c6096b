// A kernel function cannot be static (spec 6.8).
static kernel void k(global int *out) { out[0] = 1; } // expect-error: kernel-static
