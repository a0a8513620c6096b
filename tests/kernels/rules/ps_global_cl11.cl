// cl-std: CL1.1
// The same rule in OpenCL C 1.1.
float bias = 0.5f; // expect-error: program-scope-address-space
kernel void k(global float *out) { out[0] = 0.0f; }
