// wait_group_events divergence: only the first half of the group reaches the call (the
// others finish without it). Barrier divergence at the call, once per group; the run goes
// on and every work-item still finishes.
// expect: barrier-divergence line 11 count 2 message 4_of_8_work-items_reached_this_wait_group_events_call
__kernel void wait_events_only_some(__global const int *in, __global int *out)
{
    __local int a[8];
    int lid = get_local_id(0);
    event_t e = async_work_group_copy(a, in, 8, 0);
    if (lid < 4) {
        wait_group_events(1, &e);
        out[get_global_id(0)] = a[lid];
    } else {
        out[get_global_id(0)] = -1;
    }
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 1
// EXACT   out[2] = 2
// EXACT   out[3] = 3
// EXACT   out[4] = -1
// EXACT   out[5] = -1
// EXACT   out[6] = -1
// EXACT   out[7] = -1
// EXACT   out[8] = 0
// EXACT   out[9] = 1
// EXACT   out[10] = 2
// EXACT   out[11] = 3
// EXACT   out[12] = -1
// EXACT   out[13] = -1
// EXACT   out[14] = -1
// EXACT   out[15] = -1
