// Variables inside functions are __private: __global is not allowed on them (6.5).
kernel void k(global int *out) {
    global int x; // expect-error: automatic-variable-address-space
    out[0] = 0;
}
