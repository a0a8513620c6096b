// intptr_t and uintptr_t are not kernel parameter types.
kernel void k(intptr_t a, global int *out) { out[0] = (int)a; } // expect-error: kernel-parameter-type
kernel void k2(uintptr_t b, global int *out) { out[0] = (int)b; } // expect-error: kernel-parameter-type
