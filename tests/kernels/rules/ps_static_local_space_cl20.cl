// cl-std: CL2.0
// A static variable in a function cannot be __local.
kernel void k(global int *out) {
    static local int shared; // expect-error: program-scope-address-space
    out[0] = 0;
}
