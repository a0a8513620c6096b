// cl-std: CL2.0
// to_local needs a pointer argument.
kernel void k(global int *out) {
    int x = 1;
    local int *l = to_local(x); // expect-error: to-address-space-argument
    out[0] = l != 0;
}
