// Legal: __private locals and private pointers to named address spaces.
kernel void k(global int *g, local int *l) {
    private int x = 1;
    __private float y[2] = {1.0f, 2.0f};
    global int *gp = g;
    local int *lp = l;
    int *private pp = &x;
    gp[0] = x + (int)y[1] + *pp + (lp != 0);
}
