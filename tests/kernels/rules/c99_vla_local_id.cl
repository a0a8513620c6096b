// An array whose size is a runtime value from a builtin is a VLA too.
kernel void k(global float *out) {
    float tmp[get_local_size(0)]; // expect-error: variable-length-array
    out[0] = 0.0f;
}
