// Negative control: the second copy adds to the first copy's event, and waiting for
// that one event completes both.
// expect-none
__kernel void chained_copies_one_event(__global const int *in, __global int *out)
{
    __local int a[8];
    __local int b[8];
    event_t e = async_work_group_copy(a, in, 8, 0);
    e = async_work_group_copy(b, in + 8, 8, e);
    wait_group_events(1, &e);
    int lid = get_local_id(0);
    out[get_global_id(0)] = a[lid] + b[7 - lid];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 15
// EXACT   out[1] = 15
// EXACT   out[2] = 15
// EXACT   out[3] = 15
// EXACT   out[4] = 15
// EXACT   out[5] = 15
// EXACT   out[6] = 15
// EXACT   out[7] = 15
