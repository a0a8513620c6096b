// size_t has no host-side size guarantee: not a kernel parameter type (spec 6.9.k).
kernel void k(global int *out, size_t n) { out[0] = (int)n; } // expect-error: kernel-parameter-type
