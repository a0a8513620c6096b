// Inside one sub-group (size 4), only work-items 0 and 1 call sub_group_reduce_add.
// args: --cl-std CL2.0 --sub-group-size 4
// expect: barrier-divergence line 9
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void sub_group_divergent(__global int *out)
{
    int r = -1;
    if (get_sub_group_local_id() < 2)
        r = sub_group_reduce_add(1);
    out[get_global_id(0)] = r;
}
// EXACT Argument 'out': 16 bytes
// MATCH   out[0] =
// MATCH   out[1] =
// EXACT   out[2] = -1
// EXACT   out[3] = -1
