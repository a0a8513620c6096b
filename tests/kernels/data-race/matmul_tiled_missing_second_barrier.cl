// The tiled multiplication without the barrier after the inner loop: the next
// tile's loads overwrite values other work-items are still reading. b is all ones, so the
// loads of tb store the values already there: benign races; those of ta are data races.
// expect: data-race local line 18,22 hazard WAR
// expect: benign-race local line 19,22 hazard WAR severity warning value 0000803f
// expect: data-race local line 18,22 hazard RAW
// expect: benign-race local line 19,22 hazard RAW severity warning value 0000803f
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
// EXACT Argument 'c': 256 bytes
// EXACT   c[0] = 28
// EXACT   c[1] = 32
// EXACT   c[2] = 36
// EXACT   c[3] = 40
// EXACT   c[4] = 28
// EXACT   c[5] = 32
// EXACT   c[6] = 36
// EXACT   c[7] = 40
// EXACT   c[8] = 92
// EXACT   c[9] = 96
// EXACT   c[10] = 100
// EXACT   c[11] = 104
// EXACT   c[12] = 92
// EXACT   c[13] = 96
// EXACT   c[14] = 100
// EXACT   c[15] = 104
// EXACT   c[16] = 156
// EXACT   c[17] = 160
// EXACT   c[18] = 164
// EXACT   c[19] = 168
// EXACT   c[20] = 156
// EXACT   c[21] = 160
// EXACT   c[22] = 164
// EXACT   c[23] = 168
// EXACT   c[24] = 220
// EXACT   c[25] = 224
// EXACT   c[26] = 228
// EXACT   c[27] = 232
// EXACT   c[28] = 220
// EXACT   c[29] = 224
// EXACT   c[30] = 228
// EXACT   c[31] = 232
// EXACT   c[32] = 284
// EXACT   c[33] = 288
// EXACT   c[34] = 292
// EXACT   c[35] = 296
// EXACT   c[36] = 284
// EXACT   c[37] = 288
// EXACT   c[38] = 292
// EXACT   c[39] = 296
// EXACT   c[40] = 348
// EXACT   c[41] = 352
// EXACT   c[42] = 356
// EXACT   c[43] = 360
// EXACT   c[44] = 348
// EXACT   c[45] = 352
// EXACT   c[46] = 356
// EXACT   c[47] = 360
// EXACT   c[48] = 412
// EXACT   c[49] = 416
// EXACT   c[50] = 420
// EXACT   c[51] = 424
// EXACT   c[52] = 412
// EXACT   c[53] = 416
// EXACT   c[54] = 420
// EXACT   c[55] = 424
// EXACT   c[56] = 476
// EXACT   c[57] = 480
// EXACT   c[58] = 484
// EXACT   c[59] = 488
// EXACT   c[60] = 476
// EXACT   c[61] = 480
// EXACT   c[62] = 484
// EXACT   c[63] = 488
