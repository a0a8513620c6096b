// Work-items of a group call async_work_group_copy with different source
// pointers: the copy is one operation of the group and needs the same arguments.
// expect: async-copy-divergence line 8,8 count 8
__kernel void async_copy_divergent_arguments(__global const int *in, __global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    event_t e = async_work_group_copy(t, in + lid % 2, 8, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = t[lid];
}
