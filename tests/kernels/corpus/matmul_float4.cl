// Matrix multiply with float4 loads: each work-item computes 4 consecutive
// outputs of a row of C. B and C are accessed as float4 (N % 4 == 0).

__kernel void matmul_float4(const int N,
                            __global const float *A,
                            __global const float4 *B,
                            __global float4 *C)
{
    const int row = get_global_id(1);
    const int col4 = get_global_id(0);          // index in float4 units
    const int N4 = N / 4;

    if (row >= N || col4 >= N4)
        return;

    float4 acc = (float4)(0.0f);
    for (int k = 0; k < N; k += 4) {
        float4 a = vload4(0, A + row * N + k);
        acc += a.x * B[(k + 0) * N4 + col4];
        acc += a.y * B[(k + 1) * N4 + col4];
        acc += a.z * B[(k + 2) * N4 + col4];
        acc += a.w * B[(k + 3) * N4 + col4];
    }
    C[row * N4 + col4] = acc;
}

// Dot-product formulation against a transposed B (Bt), using dot() on float4.
__kernel void matmul_bt_dot(const int N,
                            __global const float4 *A,
                            __global const float4 *Bt,
                            __global float *C)
{
    int i = get_global_id(1), j = get_global_id(0);
    int N4 = N >> 2;
    float sum = 0.0f;
    for (int k = 0; k < N4; ++k)
        sum += dot(A[i * N4 + k], Bt[j * N4 + k]);
    C[i * N + j] = sum;
}
