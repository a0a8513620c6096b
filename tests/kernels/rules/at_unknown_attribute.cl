// Unknown attributes are ignored with a warning.
kernel void k(global int *out) {
    int v __attribute__((frobnicate)) = 1; // expect-warning: unknown-attribute
    out[0] = v;
}
