// A longer cycle a -> b -> c -> a, reached from the kernel.
int c_fn(int n);
int b_fn(int n) { return c_fn(n); }
int a_fn(int n) { return n > 0 ? b_fn(n - 1) : 0; }
int c_fn(int n) {
    return a_fn(n); // expect-error: recursion
}
kernel void k(global int *out) { out[0] = a_fn(3); }
