// Even a `static constant` variable inside a function is rejected in 1.x (spec 6.8).
int f(void) {
    static constant int step = 1; // expect-error: static-local-variable
    return step;
}
kernel void k(global int *out) { out[0] = f(); }
