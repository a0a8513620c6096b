// Benchmark: naive matrix multiply C = A * B, N = 256, one work-item per element of C,
// 16x16 work-groups. B is all ones, so C[r][c] is the sum of row r of A.
// Work-items on the diagonal with r % 16 == 0 copy their result into `probe`.

__kernel void matmul_naive(const int N,
                           __global const float *A,
                           __global const float *B,
                           __global float *C,
                           __global float *probe)
{
    const int col = get_global_id(0);
    const int row = get_global_id(1);

    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
        acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;

    if (row == col && (row & 15) == 0)
        probe[row >> 4] = acc;
}
