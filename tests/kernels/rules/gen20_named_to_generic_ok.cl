// cl-std: CL2.0
// Legal in 2.0: pointers to __global, __local and __private convert implicitly to generic.
kernel void k(global int *g, local int *l) {
    int x = 0;
    int *p = g;
    p = l;
    p = &x;
    *p = 42;
    g[0] = x;
}
