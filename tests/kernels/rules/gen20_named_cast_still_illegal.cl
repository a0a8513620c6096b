// cl-std: CL2.0
// Casting between two different named address spaces stays illegal in 2.0.
kernel void k(global int *g) {
    local int *l = (local int *)g; // expect-error: address-space-cast
    l[0] = 1;
}
