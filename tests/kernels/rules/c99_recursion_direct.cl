// Recursion is not supported (spec 6.9.f).
int fact(int n) {
    return n <= 1 ? 1 : n * fact(n - 1); // expect-error: recursion
}
kernel void k(global int *out) { out[0] = fact(5); }
