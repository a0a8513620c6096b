// Negative control: each work-item writes its own element of one buffer, with four
// work-groups sharing the buffer.
// expect-none
__kernel void own_element_many_groups(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * 2.0f;
}
// EXACT Argument 'out': 256 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 2
// EXACT   out[2] = 4
// EXACT   out[3] = 6
// EXACT   out[4] = 8
// EXACT   out[5] = 10
// EXACT   out[6] = 12
// EXACT   out[7] = 14
// EXACT   out[8] = 16
// EXACT   out[9] = 18
// EXACT   out[10] = 20
// EXACT   out[11] = 22
// EXACT   out[12] = 24
// EXACT   out[13] = 26
// EXACT   out[14] = 28
// EXACT   out[15] = 30
// EXACT   out[16] = 32
// EXACT   out[17] = 34
// EXACT   out[18] = 36
// EXACT   out[19] = 38
// EXACT   out[20] = 40
// EXACT   out[21] = 42
// EXACT   out[22] = 44
// EXACT   out[23] = 46
// EXACT   out[24] = 48
// EXACT   out[25] = 50
// EXACT   out[26] = 52
// EXACT   out[27] = 54
// EXACT   out[28] = 56
// EXACT   out[29] = 58
// EXACT   out[30] = 60
// EXACT   out[31] = 62
// EXACT   out[32] = 64
// EXACT   out[33] = 66
// EXACT   out[34] = 68
// EXACT   out[35] = 70
// EXACT   out[36] = 72
// EXACT   out[37] = 74
// EXACT   out[38] = 76
// EXACT   out[39] = 78
// EXACT   out[40] = 80
// EXACT   out[41] = 82
// EXACT   out[42] = 84
// EXACT   out[43] = 86
// EXACT   out[44] = 88
// EXACT   out[45] = 90
// EXACT   out[46] = 92
// EXACT   out[47] = 94
// EXACT   out[48] = 96
// EXACT   out[49] = 98
// EXACT   out[50] = 100
// EXACT   out[51] = 102
// EXACT   out[52] = 104
// EXACT   out[53] = 106
// EXACT   out[54] = 108
// EXACT   out[55] = 110
// EXACT   out[56] = 112
// EXACT   out[57] = 114
// EXACT   out[58] = 116
// EXACT   out[59] = 118
// EXACT   out[60] = 120
// EXACT   out[61] = 122
// EXACT   out[62] = 124
// EXACT   out[63] = 126
