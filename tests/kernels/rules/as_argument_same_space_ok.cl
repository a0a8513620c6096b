// Legal: a helper taking a __global pointer called with a __global pointer.
void fill(global int *dst, int v) { dst[0] = v; }
kernel void k(global int *g) {
    fill(g, 3);
    fill(g + 1, 4);
}
