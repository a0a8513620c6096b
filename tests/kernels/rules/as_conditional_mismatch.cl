// The two pointer operands of ?: point into different address spaces.
kernel void k(global int *g, local int *l, int c) {
    global int *p = c ? g : l; // expect-error: address-space-mismatch
    p[0] = 1;
}
