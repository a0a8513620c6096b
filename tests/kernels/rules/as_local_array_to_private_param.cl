// A __local array does not decay to a pointer to __private in 1.x.
void fill(int *dst) { dst[0] = 1; }
kernel void k(global int *out) {
    local int shared[4];
    fill(shared); // expect-error: address-space-mismatch
    out[0] = shared[0];
}
