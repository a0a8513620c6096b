// cl-std: CL2.0
// Legal in 2.0: a generic pointer compares with a pointer into any non-constant named space.
kernel void k(global int *g, global int *out) {
    int *p = g;
    out[0] = p == g;
}
