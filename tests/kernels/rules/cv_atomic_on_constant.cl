// Atomic functions write: they cannot take a pointer to __constant.
kernel void k(constant int *c, global int *out) {
    out[0] = atomic_add(c, 1); // expect-error: constant-write
}
