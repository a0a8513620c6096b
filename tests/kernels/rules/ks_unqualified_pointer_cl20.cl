// cl-std: CL2.0
// In 2.0 an unqualified pointer parameter points to the generic space: still not allowed.
kernel void k(float *data) { data[0] = 1.0f; } // expect-error: kernel-pointer-parameter-space
