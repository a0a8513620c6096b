// __constant variables must be initialized (spec 6.5.3).
constant int table[4]; // expect-error: constant-variable-uninitialized
kernel void k(global int *out) { out[0] = table[0]; }
