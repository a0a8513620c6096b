// The pointer parameter itself cannot be placed in __constant (parameters are __private).
kernel void k(global int *constant p) { p[0] = 1; } // expect-error: parameter-address-space
