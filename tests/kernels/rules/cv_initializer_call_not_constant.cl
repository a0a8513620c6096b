// A call to a work-item function is not a compile-time constant.
kernel void k(global uint *out) {
    constant uint id = get_global_id(0); // expect-error: constant-initializer-not-constant
    out[0] = id;
}
