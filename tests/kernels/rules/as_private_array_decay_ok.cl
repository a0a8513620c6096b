// Legal: a private array decays to a pointer to __private, a __local array to __local.
void fill(int *dst, int n) { for (int i = 0; i < n; ++i) dst[i] = i; }
void fill_local(local int *dst) { dst[0] = 1; }
kernel void k(global int *out) {
    int tmp[4];
    local int shared[4];
    fill(tmp, 4);
    fill_local(shared);
    out[0] = tmp[3] + shared[0];
}
