// Benchmark: tiled matrix multiply C = A * B, N = 256, 16x16 tiles in __local memory,
// 16x16 work-groups. Same inputs and probe as matmul_naive.

#define TS 16

__kernel void matmul_tiled(const int N,
                           __global const float *A,
                           __global const float *B,
                           __global float *C,
                           __global float *probe)
{
    __local float Asub[TS][TS];
    __local float Bsub[TS][TS];

    const int lx = get_local_id(0), ly = get_local_id(1);
    const int col = get_global_id(0), row = get_global_id(1);

    float acc = 0.0f;
    for (int t = 0; t < N / TS; ++t) {
        Asub[ly][lx] = A[row * N + t * TS + lx];
        Bsub[ly][lx] = B[(t * TS + ly) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k)
            acc += Asub[ly][k] * Bsub[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;

    if (row == col && (row & 15) == 0)
        probe[row >> 4] = acc;
}
