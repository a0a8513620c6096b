// The same for an array variable.
void f(global int *out) {
    __global float buf[4]; // expect-error: automatic-variable-address-space
    out[0] = 0;
}
kernel void k(global int *out) { f(out); }
