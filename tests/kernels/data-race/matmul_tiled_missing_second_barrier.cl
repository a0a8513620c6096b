// The tiled multiplication without the barrier after the inner loop: the next
// tile's loads overwrite values other work-items are still reading.
// expect: data-race local line 17,21 hazard WAR
// expect: data-race local line 18,21 hazard WAR
// expect: data-race local line 17,21 hazard RAW
// expect: data-race local line 18,21 hazard RAW
#define T 4
__kernel void matmul_tiled_missing_second_barrier(__global const float *a, __global const float *b,
                                                  __global float *c, int n)
{
    __local float ta[T][T];
    __local float tb[T][T];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < n / T; ++t) {
        ta[ly][lx] = a[row * n + t * T + lx];
        tb[ly][lx] = b[(t * T + ly) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < T; ++k)
            acc += ta[ly][k] * tb[k][lx];
    }
    c[row * n + col] = acc;
}
