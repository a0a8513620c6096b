// An explicit cast between two named address spaces is illegal (spec 6.5).
kernel void k(global int *g) {
    local int *l = (local int *)g; // expect-error: address-space-cast
    l[0] = 1;
}
