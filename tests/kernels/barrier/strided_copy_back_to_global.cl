// Negative control: a strided copy gathers every other element into __local
// memory, and a second copy writes the group's results back to __global memory.
// expect-none
__kernel void strided_copy_back_to_global(__global const int *in, __global int *out)
{
    __local int t[8];
    int g = get_group_id(0);
    event_t e = async_work_group_strided_copy(t, in + g * 16, 8, 2, 0);
    wait_group_events(1, &e);
    int lid = get_local_id(0);
    t[lid] = t[lid] * 10;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(out + g * 8, t, 8, 0);
    wait_group_events(1, &e);
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 20
// EXACT   out[2] = 40
// EXACT   out[3] = 60
// EXACT   out[4] = 80
// EXACT   out[5] = 100
// EXACT   out[6] = 120
// EXACT   out[7] = 140
// EXACT   out[8] = 160
// EXACT   out[9] = 180
// EXACT   out[10] = 200
// EXACT   out[11] = 220
// EXACT   out[12] = 240
// EXACT   out[13] = 260
// EXACT   out[14] = 280
// EXACT   out[15] = 300
