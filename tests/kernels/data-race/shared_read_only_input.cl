// Negative control: every work-item of every group reads the same coefficients.
// expect-none
__kernel void shared_read_only_input(__global const float *coeff, __global const float *in,
                                     __global float *out)
{
    int gid = get_global_id(0);
    out[gid] = coeff[0] * in[gid] + coeff[1];
}
// EXACT Argument 'out': 128 bytes
// EXACT   out[0] = 3
// EXACT   out[1] = 5
// EXACT   out[2] = 7
// EXACT   out[3] = 9
// EXACT   out[4] = 11
// EXACT   out[5] = 13
// EXACT   out[6] = 15
// EXACT   out[7] = 17
// EXACT   out[8] = 19
// EXACT   out[9] = 21
// EXACT   out[10] = 23
// EXACT   out[11] = 25
// EXACT   out[12] = 27
// EXACT   out[13] = 29
// EXACT   out[14] = 31
// EXACT   out[15] = 33
// EXACT   out[16] = 35
// EXACT   out[17] = 37
// EXACT   out[18] = 39
// EXACT   out[19] = 41
// EXACT   out[20] = 43
// EXACT   out[21] = 45
// EXACT   out[22] = 47
// EXACT   out[23] = 49
// EXACT   out[24] = 51
// EXACT   out[25] = 53
// EXACT   out[26] = 55
// EXACT   out[27] = 57
// EXACT   out[28] = 59
// EXACT   out[29] = 61
// EXACT   out[30] = 63
// EXACT   out[31] = 65
