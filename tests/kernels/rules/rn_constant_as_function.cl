// `constant` cannot name a function.
int constant(void) { return 1; } // expect-error: syntax-error
kernel void k(global int *out) { out[0] = 0; }
