// Legal: the null pointer constant converts to a pointer into any address space.
kernel void k(global int *g) {
    global int *a = 0;
    local int *b = NULL;
    constant int *c = 0;
    if (a == 0 && b == 0 && c == 0) g[0] = 1;
}
