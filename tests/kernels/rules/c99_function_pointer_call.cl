// A rejected declaration gives one error, not a cascade: the variable and the parameter
// below are refused (spec 6.9.a), and the calls through them report nothing more.
int twice(int x) { return 2 * x; }
int apply(int (*op)(int), int x) { return op(x); } // expect-error: function-pointer
kernel void k(global int *out) {
    int (*fp)(int) = twice; // expect-error: function-pointer
    out[0] = fp(3);
    out[1] = fp(fp(1)) + apply(0, 2);
}
