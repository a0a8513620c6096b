// Not even with a brace-enclosed initializer.
kernel void k(global int *out) {
    local int a[2] = {1, 2}; // expect-error: local-variable-initializer
    out[0] = a[0];
}
