// In OpenCL C 1.x program-scope variables must be declared __constant (spec 6.5).
int counter; // expect-error: program-scope-address-space
kernel void k(global int *out) { out[0] = 0; }
