// cl-std: CL2.0
// Legal: to_global/to_local/to_private take a generic pointer (named ones convert to it).
kernel void k(global int *g, local int *l) {
    int *p = g;
    global int *a = to_global(p);
    local int *b = to_local(p);
    private int *c = to_private(p);
    global int *d = to_global(g);
    if (a && !b && !c) d[0] = 1;
    b = to_local(l);
}
