// Only half of the work-items make the async copy, but all of them wait on the
// (unset) event: divergent copies and an invalid event to wait for.
// expect: async-copy-divergence line 11 count 2
// expect: invalid-wait-event line 12 count 8
__kernel void async_copy_in_branch(__global const int *in, __global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    event_t e;
    if (lid < 4)
        e = async_work_group_copy(t, in, 8, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = t[lid];
}
