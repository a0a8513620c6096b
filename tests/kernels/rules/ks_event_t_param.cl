// event_t cannot be passed to a kernel.
kernel void k(event_t e, global int *out) { out[0] = 0; } // expect-error: kernel-parameter-type
