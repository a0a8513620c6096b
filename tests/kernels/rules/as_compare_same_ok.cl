// Legal: comparing pointers into the same address space, or with a null pointer constant.
kernel void k(global int *a, global int *b, global int *out) {
    out[0] = a == b;
    out[1] = a != 0;
    out[2] = a < b;
}
