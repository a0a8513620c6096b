// Negative control: the condition around the barrier is the same for every
// work-item of a group (it depends on the group id only).
// expect-none
__kernel void uniform_group_condition(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    t[lid] = lid;
    if (get_group_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[lid];
}
