// In 1.x the static storage class is only for program-scope variables and functions
// (spec 6.8): a static variable inside a function is an error, whatever its address space.
kernel void k(global int *out) {
    static int calls = 0; // expect-error: static-local-variable
    out[0] = calls;
}
