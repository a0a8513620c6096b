// cl-std: CL2.0
// The inner pointer of a pointer-to-pointer kernel parameter must point to a named space too.
kernel void k(global int *private *pp) { (*pp)[0] = 1; } // expect-error: kernel-pointer-parameter-space
