// Kernel pointer parameters must point to __global, __local or __constant (spec 6.9.a).
kernel void k(private int *p) { *p = 1; } // expect-error: kernel-pointer-parameter-space
