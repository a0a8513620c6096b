// In 1.x `int *` points to __private, so it cannot hold the address of a __local variable.
kernel void k(global int *out) {
    local int shared;
    int *p = &shared; // expect-error: address-space-mismatch
    out[0] = *p;
}
