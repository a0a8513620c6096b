// Zero is not a power of two.
kernel void k(global int *out) {
    int x __attribute__((aligned(0))) = 1; // expect-error: aligned-not-power-of-two
    out[0] = x;
}
