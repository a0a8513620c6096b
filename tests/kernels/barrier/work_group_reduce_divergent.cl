// A work-group function is a barrier point: only half of the group calls it.
// args: --cl-std CL2.0
// expect: barrier-divergence line 9
__kernel void work_group_reduce_divergent(__global int *out)
{
    int lid = get_local_id(0);
    int r = -1;
    if (lid < 2)
        r = work_group_reduce_add(lid);
    out[get_global_id(0)] = r;
}
// EXACT Argument 'out': 16 bytes
// MATCH   out[0] =
// MATCH   out[1] =
// EXACT   out[2] = -1
// EXACT   out[3] = -1
