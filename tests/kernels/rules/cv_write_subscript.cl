// Writing an element of a __constant buffer.
kernel void k(constant float *c) {
    c[get_global_id(0)] = 0.0f; // expect-error: constant-write
}
