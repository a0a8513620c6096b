// Writing through a pointer to __constant.
kernel void k(constant int *c) {
    *c = 1; // expect-error: constant-write
}
