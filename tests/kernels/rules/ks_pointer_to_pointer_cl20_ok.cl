// cl-std: CL2.0
// Accepted from 2.0 on (clang and the unified 3.0 spec limit the rule to 1.2 and below)
// when every level points into a named address space.
kernel void k(global int *global *pp) { (*pp)[0] = 1; }
