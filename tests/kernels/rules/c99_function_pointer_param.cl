// ... as a parameter either.
int apply(int (*op)(int), int x) { return x; } // expect-error: function-pointer
kernel void k(global int *out) { out[0] = 0; }
