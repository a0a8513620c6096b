// Variadic functions other than printf are not supported (spec 6.9.e).
int sum(int n, ...) { return n; } // expect-error: variadic-function
kernel void k(global int *out) { out[0] = sum(1, 2); }
