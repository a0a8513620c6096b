// Passing a pointer to __global where the parameter points to __local (spec 6.5).
void fill(local int *dst) { dst[0] = 0; }
kernel void k(global int *g) {
    fill(g); // expect-error: address-space-mismatch
}
