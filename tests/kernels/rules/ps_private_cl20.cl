// cl-std: CL2.0
// ... nor __private.
private int mine = 1; // expect-error: program-scope-address-space
kernel void k(global int *out) { out[0] = 0; }
