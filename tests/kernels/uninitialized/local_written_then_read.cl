// Negative control: every __local element is written before the barrier.
// expect-none
__kernel void local_written_then_read(__global const float *in, __global float *out)
{
    __local float t[16];
    int lid = get_local_id(0);
    t[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[15 - lid];
}
// EXACT Argument 'out': 128 bytes
// EXACT   out[0] = 15
// EXACT   out[1] = 14
// EXACT   out[2] = 13
// EXACT   out[3] = 12
// EXACT   out[4] = 11
// EXACT   out[5] = 10
// EXACT   out[6] = 9
// EXACT   out[7] = 8
// EXACT   out[8] = 7
// EXACT   out[9] = 6
// EXACT   out[10] = 5
// EXACT   out[11] = 4
// EXACT   out[12] = 3
// EXACT   out[13] = 2
// EXACT   out[14] = 1
// EXACT   out[15] = 0
// EXACT   out[16] = 31
// EXACT   out[17] = 30
// EXACT   out[18] = 29
// EXACT   out[19] = 28
// EXACT   out[20] = 27
// EXACT   out[21] = 26
// EXACT   out[22] = 25
// EXACT   out[23] = 24
// EXACT   out[24] = 23
// EXACT   out[25] = 22
// EXACT   out[26] = 21
// EXACT   out[27] = 20
// EXACT   out[28] = 19
// EXACT   out[29] = 18
// EXACT   out[30] = 17
// EXACT   out[31] = 16
