// ... or hidden behind a typedef.
typedef float (*UnaryOp)(float); // expect-error: function-pointer
kernel void k(global float *out) { out[0] = 0.0f; }
