// An address space on a function's return type is an error (spec 6.5 example).
private int f(void) { return 0; } // expect-error: return-address-space
kernel void k(global int *out) { out[0] = f(); }
