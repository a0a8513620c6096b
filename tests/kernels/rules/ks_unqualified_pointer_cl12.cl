// An unqualified pointer parameter points to __private in 1.x.
kernel void k(float *data) { data[0] = 1.0f; } // expect-error: kernel-pointer-parameter-space
