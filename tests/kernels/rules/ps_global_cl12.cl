// __global program-scope variables arrive with OpenCL C 2.0.
global int total = 0; // expect-error: program-scope-address-space
kernel void k(global int *out) { out[0] = 0; }
