// wait_group_events divergence: the work-items of a group wait on different events at the
// same call (odd ones on the second copy's event). Barrier divergence, as Oclgrind reports
// it, at the call, once per odd work-item; the run goes on to the second wait, on both.
// expect: barrier-divergence line 13 count 8 message wait_group_events_call_1
__kernel void wait_events_different_events(__global const int *in, __global int *out)
{
    __local int a[8];
    __local int b[8];
    event_t ev[2];
    int lid = get_local_id(0);
    ev[0] = async_work_group_copy(a, in, 8, 0);
    ev[1] = async_work_group_copy(b, in + 8, 8, 0);
    wait_group_events(1, &ev[lid % 2]);
    wait_group_events(2, ev);
    out[get_global_id(0)] = a[lid] + b[lid];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 8
// EXACT   out[1] = 10
// EXACT   out[2] = 12
// EXACT   out[3] = 14
// EXACT   out[4] = 16
// EXACT   out[5] = 18
// EXACT   out[6] = 20
// EXACT   out[7] = 22
// EXACT   out[8] = 8
// EXACT   out[9] = 10
// EXACT   out[10] = 12
// EXACT   out[11] = 14
// EXACT   out[12] = 16
// EXACT   out[13] = 18
// EXACT   out[14] = 20
// EXACT   out[15] = 22
