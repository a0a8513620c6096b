// __local variables belong to the outermost scope of a kernel, not a nested block (6.5.2).
kernel void k(global float *out) {
    if (get_local_id(0) == 0) {
        local float c; // expect-error: local-variable-scope
        c = 1.0f;
        out[0] = c;
    }
}
