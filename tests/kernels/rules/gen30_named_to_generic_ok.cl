// cl-std: CL3.0
// Legal in 3.0 (generic address space feature): named pointers convert to generic.
kernel void k(global int *g, local int *l) {
    int *p = g;
    p = l;
    *p = 1;
}
