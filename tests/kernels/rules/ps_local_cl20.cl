// cl-std: CL2.0
// A program-scope variable cannot be __local.
local int shared; // expect-error: program-scope-address-space
kernel void k(global int *out) { out[0] = 0; }
