// Legal: pointers into the same address space may be assigned and initialized freely.
kernel void k(global float *g, local float *l, constant float *c) {
    global float *g2 = g + 1;
    local float *l2 = l;
    constant float *c2 = c;
    g2 = g;
    l2 = l + 2;
    g2[0] = c2[0] + l2[0];
}
