// The same rule for struct members.
struct S {
    int x[2] __attribute__((aligned(6))); // expect-error: aligned-not-power-of-two
};
kernel void k(global int *out) { out[0] = 0; }
