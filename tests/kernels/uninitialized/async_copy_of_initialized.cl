// Negative control: the same async copy from an initialized buffer.
// expect-none
__kernel void async_copy_of_initialized(__global const int *src, __global int *out)
{
    __local int t[8];
    event_t e = async_work_group_copy(t, src, 8, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = t[get_local_id(0)];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 1
// EXACT   out[2] = 2
// EXACT   out[3] = 3
// EXACT   out[4] = 4
// EXACT   out[5] = 5
// EXACT   out[6] = 6
// EXACT   out[7] = 7
