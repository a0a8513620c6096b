// ... or as a struct member.
struct Ops {
    int (*combine)(int, int); // expect-error: function-pointer
};
kernel void k(global int *out) { out[0] = 0; }
