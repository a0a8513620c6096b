// `generic` is a reserved word before 2.0 too: it cannot name a variable.
kernel void k(global int *out) {
    int generic = 1; // expect-error: syntax-error
    out[0] = 0;
}
