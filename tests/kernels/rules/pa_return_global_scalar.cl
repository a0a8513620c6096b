// ... __global on a returned value likewise.
__global float g(float x) { return x; } // expect-error: return-address-space
kernel void k(global float *out) { out[0] = g(1.0f); }
