// A non-pointer parameter cannot be qualified __global: arguments are __private (6.5).
void f(global int x, global int *out) { out[0] = x; } // expect-error: parameter-address-space
kernel void k(global int *out) { f(1, out); }
