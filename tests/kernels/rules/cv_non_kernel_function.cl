// A non-kernel function cannot declare __constant variables.
int helper(void) {
    constant int c = 2; // expect-error: constant-variable-scope
    return c;
}
kernel void k(global int *out) { out[0] = helper(); }
