// A kernel parameter cannot be a pointer to a pointer in OpenCL C 1.x (spec 6.9.a).
kernel void k(global int *global *pp) { (*pp)[0] = 1; } // expect-error: kernel-pointer-to-pointer
