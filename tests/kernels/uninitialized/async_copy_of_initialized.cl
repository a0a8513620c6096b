// Negative control: the same async copy from an initialized buffer.
// expect-none
__kernel void async_copy_of_initialized(__global const int *src, __global int *out)
{
    __local int t[8];
    event_t e = async_work_group_copy(t, src, 8, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = t[get_local_id(0)];
}
