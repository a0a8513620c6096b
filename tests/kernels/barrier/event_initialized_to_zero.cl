// Negative control: `event_t e = 0;` (clang accepts it) passes "no event" to the first
// copy, which returns the event the wait uses.
// expect-none
__kernel void event_initialized_to_zero(__global const int *in, __global int *out,
                                        __local int *tile)
{
    event_t e = 0;
    e = async_work_group_copy(tile, in + get_group_id(0) * 4, 4, e);
    wait_group_events(1, &e);
    out[get_global_id(0)] = tile[3 - get_local_id(0)];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 3
// EXACT   out[1] = 2
// EXACT   out[2] = 1
// EXACT   out[3] = 0
// EXACT   out[4] = 7
// EXACT   out[5] = 6
// EXACT   out[6] = 5
// EXACT   out[7] = 4
