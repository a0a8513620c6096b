// matmul_naive: C = A * B for small square matrices, one work-item per element of C.
// What it teaches: a 2D NDRange (x = column, y = row) and row-major indexing.
// Watch in the debugger: pick work-item (x=2, y=1) and follow it along row 1 of A
// and column 2 of B; note how many times every element of A and B is re-read from
// global memory (N times) -- the motivation for matmul_tiled.

__kernel void matmul_naive(__global const float *A,
                           __global const float *B,
                           __global float *C,
                           const int N)
{
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    if (row >= N || col >= N)
        return;

    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
        acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
}
