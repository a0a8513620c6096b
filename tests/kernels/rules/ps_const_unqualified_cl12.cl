// `const` is not `__constant`: a const program-scope variable still needs the qualifier.
const int limit = 4; // expect-error: program-scope-address-space
kernel void k(global int *out) { out[0] = 0; }
