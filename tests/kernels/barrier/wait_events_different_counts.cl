// wait_group_events divergence: odd work-items reach the call twice, even ones once, so
// at the second time only half the group waits. Barrier divergence at the call, once per
// group; the run goes on.
// expect: barrier-divergence line 11 count 2 message 4_of_8_work-items_reached_this_wait_group_events_call
__kernel void wait_events_different_counts(__global const int *in, __global int *out)
{
    __local int a[8];
    int lid = get_local_id(0);
    event_t e = async_work_group_copy(a, in, 8, 0);
    for (int i = 0; i <= lid % 2; ++i)
        wait_group_events(1, &e);
    out[get_global_id(0)] = a[lid];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 1
// EXACT   out[2] = 2
// EXACT   out[3] = 3
// EXACT   out[4] = 4
// EXACT   out[5] = 5
// EXACT   out[6] = 6
// EXACT   out[7] = 7
// EXACT   out[8] = 0
// EXACT   out[9] = 1
// EXACT   out[10] = 2
// EXACT   out[11] = 3
// EXACT   out[12] = 4
// EXACT   out[13] = 5
// EXACT   out[14] = 6
// EXACT   out[15] = 7
