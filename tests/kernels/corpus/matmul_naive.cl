// C = A * B for row-major square matrices; one work-item per output element.

__kernel void matmul_naive(const int N,
                           __global const float *A,
                           __global const float *B,
                           __global float *C)
{
    int row = get_global_id(1);
    int col = get_global_id(0);

    if (row >= N || col >= N)
        return;

    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
        acc += A[row * N + k] * B[k * N + col];

    C[row * N + col] = acc;
}

// Rectangular variant: C (M x N) = alpha * A (M x K) * B (K x N) + beta * C
__kernel void sgemm_naive(const int M, const int N, const int K,
                          const float alpha,
                          __global const float *A,
                          __global const float *B,
                          const float beta,
                          __global float *C)
{
    const int m = get_global_id(0);
    const int n = get_global_id(1);
    if (m < M && n < N) {
        float sum = 0.0f;
        for (int k = 0; k < K; k++)
            sum = mad(A[m * K + k], B[k * N + n], sum);
        C[m * N + n] = alpha * sum + beta * C[m * N + n];
    }
}
