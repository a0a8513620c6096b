// A non-pointer parameter qualified __constant.
float f(constant float x) { return x; } // expect-error: parameter-address-space
kernel void k(global float *out) { out[0] = f(1.0f); }
