// ptrdiff_t is not a kernel parameter type.
kernel void k(ptrdiff_t d, global int *out) { out[0] = (int)d; } // expect-error: kernel-parameter-type
