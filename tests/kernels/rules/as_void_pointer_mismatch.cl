// void pointers carry an address space too: a __local pointer is not a __global void *.
kernel void k(global int *g, local int *l) {
    global void *v = l; // expect-error: address-space-mismatch
    g[0] = v != 0;
}
