// cl-std: CL3.0
// 3.0 keeps the 2.0 rule: generic to named needs a cast.
kernel void k(global int *g) {
    int *p = g;
    global int *q = p; // expect-error: address-space-mismatch
    q[0] = 1;
}
