// bool cannot be a kernel parameter type (spec 6.9.k).
kernel void k(bool flag, global int *out) { out[0] = flag; } // expect-error: kernel-parameter-type
