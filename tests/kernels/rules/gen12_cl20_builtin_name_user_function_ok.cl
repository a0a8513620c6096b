// A user function may take the name of an OpenCL C 2.0 built-in in OpenCL C 1.2, where the
// built-in does not exist (clang -cl-std=CL1.2 accepts this file).
int ctz(int x) { return x & 1; }
kernel void k(global int *g) { g[0] = ctz(g[1]); }
