// cl-std: CL2.0
// to_global cannot take a pointer to __constant (it does not convert to generic).
kernel void k(constant int *c, global int *out) {
    global int *g = to_global(c); // expect-error: to-address-space-argument
    out[0] = g != 0;
}
