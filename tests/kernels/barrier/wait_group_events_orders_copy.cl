// Negative control: wait_group_events acts as the barrier that completes an
// async copy for the whole group (the copy result is then read by everyone).
// expect-none
__kernel void wait_group_events_orders_copy(__global const int *in, __global int *out)
{
    __local int t[8];
    event_t e = async_work_group_copy(t, in + get_group_id(0) * 8, 8, 0);
    wait_group_events(1, &e);
    int lid = get_local_id(0);
    out[get_global_id(0)] = t[7 - lid] * 2;
}
