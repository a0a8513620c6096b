// Negative control with results: sub-groups of 4 (--sub-group-size 4) in a group of 8.
// Only sub-group 0 calls sub_group_reduce_add, which is legal: a sub-group function needs
// every work-item of its sub-group, not of the work-group.
// args: --cl-std CL2.0 --sub-group-size 4
// expect-none
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void sub_group_functions(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int v = in[i];
    __global int *o = out + i * 6;
    o[0] = get_sub_group_id() * 100 + get_sub_group_local_id() * 10 + get_sub_group_size();
    o[1] = get_num_sub_groups() * 10 + get_max_sub_group_size();
    o[2] = sub_group_scan_inclusive_add(v);
    o[3] = sub_group_broadcast(v, 3);
    o[4] = -1;
    if (get_sub_group_id() == 0)
        o[4] = sub_group_reduce_add(v);
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    o[5] = sub_group_any(v == 5);
}
// EXACT Argument 'out': 192 bytes
// EXACT   out[0] = 4
// EXACT   out[1] = 24
// EXACT   out[2] = 0
// EXACT   out[3] = 3
// EXACT   out[4] = 6
// EXACT   out[5] = 0
// EXACT   out[6] = 14
// EXACT   out[7] = 24
// EXACT   out[8] = 1
// EXACT   out[9] = 3
// EXACT   out[10] = 6
// EXACT   out[11] = 0
// EXACT   out[12] = 24
// EXACT   out[13] = 24
// EXACT   out[14] = 3
// EXACT   out[15] = 3
// EXACT   out[16] = 6
// EXACT   out[17] = 0
// EXACT   out[18] = 34
// EXACT   out[19] = 24
// EXACT   out[20] = 6
// EXACT   out[21] = 3
// EXACT   out[22] = 6
// EXACT   out[23] = 0
// EXACT   out[24] = 104
// EXACT   out[25] = 24
// EXACT   out[26] = 4
// EXACT   out[27] = 7
// EXACT   out[28] = -1
// EXACT   out[29] = 1
// EXACT   out[30] = 114
// EXACT   out[31] = 24
// EXACT   out[32] = 9
// EXACT   out[33] = 7
// EXACT   out[34] = -1
// EXACT   out[35] = 1
// EXACT   out[36] = 124
// EXACT   out[37] = 24
// EXACT   out[38] = 15
// EXACT   out[39] = 7
// EXACT   out[40] = -1
// EXACT   out[41] = 1
// EXACT   out[42] = 134
// EXACT   out[43] = 24
// EXACT   out[44] = 22
// EXACT   out[45] = 7
// EXACT   out[46] = -1
// EXACT   out[47] = 1
