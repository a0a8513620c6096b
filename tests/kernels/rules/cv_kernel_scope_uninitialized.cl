// ... also at the outermost scope of a kernel.
kernel void k(global int *out) {
    constant int scale; // expect-error: constant-variable-uninitialized
    out[0] = scale;
}
