// half cannot be a kernel parameter type (only pointers to half are allowed).
kernel void k(half h, global float *out) { out[0] = 1.0f; } // expect-error: kernel-parameter-type
