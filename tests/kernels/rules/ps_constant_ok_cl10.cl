// cl-std: CL1.0
// Legal in every version: initialized __constant program-scope variables.
__constant float pi = 3.14159265f;
constant int sizes[3] = {1, 2, 3};
kernel void k(global float *out) { out[0] = pi * sizes[2]; }
