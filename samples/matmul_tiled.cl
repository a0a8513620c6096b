// matmul_tiled: C = A * B with TILE x TILE blocks staged in __local memory.
// What it teaches: cooperative loading into __local, and why BOTH barriers are needed
// (the first: tile fully loaded before use; the second: everyone done before overwrite).
// Watch in the debugger: the __local pane of one work-group filling up, then all 16
// work-items stopping at the barrier; each element of A is now read from global
// memory N/TILE times fewer than in matmul_naive.

#define TILE 4

__kernel void matmul_tiled(__global const float *A,
                           __global const float *B,
                           __global float *C,
                           const int N)          // N must be a multiple of TILE
{
    __local float Asub[TILE][TILE];
    __local float Bsub[TILE][TILE];

    const int lx = get_local_id(0), ly = get_local_id(1);
    const int col = get_global_id(0), row = get_global_id(1);

    float acc = 0.0f;
    for (int t = 0; t < N / TILE; ++t) {
        Asub[ly][lx] = A[row * N + (t * TILE + lx)];
        Bsub[ly][lx] = B[(t * TILE + ly) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);        // tile complete

        for (int k = 0; k < TILE; ++k)
            acc += Asub[ly][k] * Bsub[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);        // tile no longer needed
    }
    C[row * N + col] = acc;
}
