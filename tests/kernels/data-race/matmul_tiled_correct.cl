// Negative control: a tiled matrix multiplication with two barriers per tile.
// expect-none
#define T 4
__kernel void matmul_tiled_correct(__global const float *a, __global const float *b,
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
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}
