// Pointers to functions are not allowed (spec 6.9.a).
int twice(int x) { return 2 * x; }
kernel void k(global int *out) {
    int (*fp)(int) = twice; // expect-error: function-pointer
    out[0] = 0;
}
