// `aligned` on a struct type must be a power of two too.
struct __attribute__((aligned(24))) Block { float v[6]; }; // expect-error: aligned-not-power-of-two
kernel void k(global float *out) { out[0] = 0.0f; }
