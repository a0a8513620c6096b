// Negative control with results: the work-group functions of OpenCL C 2.0 (6.13.15) over
// two groups of 4; every work-item reaches each call, so nothing is reported.
// args: --cl-std CL2.0
// expect-none
__kernel void work_group_functions(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int v = in[i];
    __global int *o = out + i * 8;
    o[0] = work_group_reduce_add(v);
    o[1] = work_group_reduce_min(v);
    o[2] = work_group_reduce_max(v);
    o[3] = work_group_scan_inclusive_add(v);
    o[4] = work_group_scan_exclusive_add(v);
    o[5] = work_group_broadcast(v, 2);
    o[6] = work_group_any(v > 6);
    o[7] = work_group_all(v > 0) + (int)work_group_scan_inclusive_max((float)v);
}
// EXACT Argument 'out': 256 bytes
// EXACT   out[0] = 6
// EXACT   out[1] = 0
// EXACT   out[2] = 3
// EXACT   out[3] = 0
// EXACT   out[4] = 0
// EXACT   out[5] = 2
// EXACT   out[6] = 0
// EXACT   out[7] = 0
// EXACT   out[8] = 6
// EXACT   out[9] = 0
// EXACT   out[10] = 3
// EXACT   out[11] = 1
// EXACT   out[12] = 0
// EXACT   out[13] = 2
// EXACT   out[14] = 0
// EXACT   out[15] = 1
// EXACT   out[16] = 6
// EXACT   out[17] = 0
// EXACT   out[18] = 3
// EXACT   out[19] = 3
// EXACT   out[20] = 1
// EXACT   out[21] = 2
// EXACT   out[22] = 0
// EXACT   out[23] = 2
// EXACT   out[24] = 6
// EXACT   out[25] = 0
// EXACT   out[26] = 3
// EXACT   out[27] = 6
// EXACT   out[28] = 3
// EXACT   out[29] = 2
// EXACT   out[30] = 0
// EXACT   out[31] = 3
// EXACT   out[32] = 22
// EXACT   out[33] = 4
// EXACT   out[34] = 7
// EXACT   out[35] = 4
// EXACT   out[36] = 0
// EXACT   out[37] = 6
// EXACT   out[38] = 1
// EXACT   out[39] = 5
// EXACT   out[40] = 22
// EXACT   out[41] = 4
// EXACT   out[42] = 7
// EXACT   out[43] = 9
// EXACT   out[44] = 4
// EXACT   out[45] = 6
// EXACT   out[46] = 1
// EXACT   out[47] = 6
// EXACT   out[48] = 22
// EXACT   out[49] = 4
// EXACT   out[50] = 7
// EXACT   out[51] = 15
// EXACT   out[52] = 9
// EXACT   out[53] = 6
// EXACT   out[54] = 1
// EXACT   out[55] = 7
// EXACT   out[56] = 22
// EXACT   out[57] = 4
// EXACT   out[58] = 7
// EXACT   out[59] = 22
// EXACT   out[60] = 15
// EXACT   out[61] = 6
// EXACT   out[62] = 1
// EXACT   out[63] = 8
