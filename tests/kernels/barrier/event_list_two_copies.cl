// Negative control: two copies, both events waited for with one event list.
// expect-none
__kernel void event_list_two_copies(__global const int *in, __global int *out)
{
    __local int a[8];
    __local int b[8];
    event_t ev[2];
    ev[0] = async_work_group_copy(a, in, 8, 0);
    ev[1] = async_work_group_copy(b, in + 8, 8, 0);
    wait_group_events(2, ev);
    int lid = get_local_id(0);
    out[get_global_id(0)] = a[lid] * b[lid];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 9
// EXACT   out[2] = 20
// EXACT   out[3] = 33
// EXACT   out[4] = 48
// EXACT   out[5] = 65
// EXACT   out[6] = 84
// EXACT   out[7] = 105
