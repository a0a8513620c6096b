// cl-std: CL2.0
// Two different named spaces in ?: stay an error in 2.0, even when the result is generic.
kernel void k(global int *g, local int *l, int c) {
    int *p = c ? g : l; // expect-error: address-space-mismatch
    *p = 1;
}
