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
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 14
// EXACT   out[1] = 12
// EXACT   out[2] = 10
// EXACT   out[3] = 8
// EXACT   out[4] = 6
// EXACT   out[5] = 4
// EXACT   out[6] = 2
// EXACT   out[7] = 0
// EXACT   out[8] = 30
// EXACT   out[9] = 28
// EXACT   out[10] = 26
// EXACT   out[11] = 24
// EXACT   out[12] = 22
// EXACT   out[13] = 20
// EXACT   out[14] = 18
// EXACT   out[15] = 16
