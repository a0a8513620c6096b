// cl-std: CL2.0
// No variable is allocated in the generic address space (spec 6.5.5).
kernel void k(global int *out) {
    generic int x = 1; // expect-error: automatic-variable-address-space
    out[0] = x;
}
