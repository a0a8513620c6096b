// cl-std: CL2.0
// Legal in 2.0: an explicit cast from generic to a named address space (spec 6.5.5).
kernel void k(global int *g, local int *l) {
    int *p = g;
    global int *back = (global int *)p;
    p = l;
    local int *lb = (local int *)p;
    private int *pp = (private int *)p;
    back[0] = lb[0] + (pp != 0);
}
