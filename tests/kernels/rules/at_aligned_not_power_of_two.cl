// The alignment given to `aligned` must be a power of two.
constant int table[3] __attribute__((aligned(12))) = {1, 2, 3}; // expect-error: aligned-not-power-of-two
kernel void k(global int *out) { out[0] = table[0]; }
