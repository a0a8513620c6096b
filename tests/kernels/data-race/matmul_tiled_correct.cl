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
// EXACT Argument 'c': 256 bytes
// EXACT   c[0] = 28
// EXACT   c[1] = 28
// EXACT   c[2] = 28
// EXACT   c[3] = 28
// EXACT   c[4] = 28
// EXACT   c[5] = 28
// EXACT   c[6] = 28
// EXACT   c[7] = 28
// EXACT   c[8] = 92
// EXACT   c[9] = 92
// EXACT   c[10] = 92
// EXACT   c[11] = 92
// EXACT   c[12] = 92
// EXACT   c[13] = 92
// EXACT   c[14] = 92
// EXACT   c[15] = 92
// EXACT   c[16] = 156
// EXACT   c[17] = 156
// EXACT   c[18] = 156
// EXACT   c[19] = 156
// EXACT   c[20] = 156
// EXACT   c[21] = 156
// EXACT   c[22] = 156
// EXACT   c[23] = 156
// EXACT   c[24] = 220
// EXACT   c[25] = 220
// EXACT   c[26] = 220
// EXACT   c[27] = 220
// EXACT   c[28] = 220
// EXACT   c[29] = 220
// EXACT   c[30] = 220
// EXACT   c[31] = 220
// EXACT   c[32] = 284
// EXACT   c[33] = 284
// EXACT   c[34] = 284
// EXACT   c[35] = 284
// EXACT   c[36] = 284
// EXACT   c[37] = 284
// EXACT   c[38] = 284
// EXACT   c[39] = 284
// EXACT   c[40] = 348
// EXACT   c[41] = 348
// EXACT   c[42] = 348
// EXACT   c[43] = 348
// EXACT   c[44] = 348
// EXACT   c[45] = 348
// EXACT   c[46] = 348
// EXACT   c[47] = 348
// EXACT   c[48] = 412
// EXACT   c[49] = 412
// EXACT   c[50] = 412
// EXACT   c[51] = 412
// EXACT   c[52] = 412
// EXACT   c[53] = 412
// EXACT   c[54] = 412
// EXACT   c[55] = 412
// EXACT   c[56] = 476
// EXACT   c[57] = 476
// EXACT   c[58] = 476
// EXACT   c[59] = 476
// EXACT   c[60] = 476
// EXACT   c[61] = 476
// EXACT   c[62] = 476
// EXACT   c[63] = 476
