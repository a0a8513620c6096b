// Tiled matrix multiply: each work-group loads TS x TS tiles of A and B into
// __local memory, synchronises, and accumulates. Matrices are N x N, N % TS == 0.

#define TS 16

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_tiled(const int N,
                  __global const float *A,
                  __global const float *B,
                  __global float *C)
{
    const int row = get_local_id(1);
    const int col = get_local_id(0);
    const int globalRow = TS * get_group_id(1) + row;
    const int globalCol = TS * get_group_id(0) + col;

    __local float Asub[TS][TS];
    __local float Bsub[TS][TS];

    float acc = 0.0f;
    const int numTiles = N / TS;
    for (int t = 0; t < numTiles; t++) {
        const int tiledRow = TS * t + row;
        const int tiledCol = TS * t + col;
        Asub[row][col] = A[globalRow * N + tiledCol];
        Bsub[row][col] = B[tiledRow * N + globalCol];

        barrier(CLK_LOCAL_MEM_FENCE);

        #pragma unroll
        for (int k = 0; k < TS; k++)
            acc += Asub[row][k] * Bsub[k][col];

        barrier(CLK_LOCAL_MEM_FENCE);
    }

    C[globalRow * N + globalCol] = acc;
}
