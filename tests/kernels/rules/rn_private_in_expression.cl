// `__private` cannot be used as a value: it is a qualifier, not an identifier.
kernel void k(global int *out) {
    int x = __private + 1; // expect-error: syntax-error
    out[0] = x;
}
