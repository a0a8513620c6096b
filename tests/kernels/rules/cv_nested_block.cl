// __constant variables belong to program scope or the outermost scope of a kernel.
kernel void k(global int *out) {
    {
        constant int inner = 2; // expect-error: constant-variable-scope
        out[0] = inner;
    }
}
