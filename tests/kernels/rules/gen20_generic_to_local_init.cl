// cl-std: CL2.0
// Initializing a __local pointer from a generic pointer needs an explicit cast.
kernel void k(local int *l) {
    int *p = l;
    local int *q = p; // expect-error: address-space-mismatch
    q[0] = 1;
}
