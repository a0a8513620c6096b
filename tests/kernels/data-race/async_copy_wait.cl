// Negative control: async_work_group_copy into __local memory, wait_group_events,
// then every work-item reads the tile.
// expect-none
__kernel void async_copy_wait(__global const float *in, __global float *out)
{
    __local float tile[16];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 16, 16, 0);
    wait_group_events(1, &e);
    int lid = get_local_id(0);
    out[get_global_id(0)] = tile[15 - lid];
}
// EXACT Argument 'out': 128 bytes
// EXACT   out[0] = 16
// EXACT   out[1] = 15
// EXACT   out[2] = 14
// EXACT   out[3] = 13
// EXACT   out[4] = 12
// EXACT   out[5] = 11
// EXACT   out[6] = 10
// EXACT   out[7] = 9
// EXACT   out[8] = 8
// EXACT   out[9] = 7
// EXACT   out[10] = 6
// EXACT   out[11] = 5
// EXACT   out[12] = 4
// EXACT   out[13] = 3
// EXACT   out[14] = 2
// EXACT   out[15] = 1
// EXACT   out[16] = 32
// EXACT   out[17] = 31
// EXACT   out[18] = 30
// EXACT   out[19] = 29
// EXACT   out[20] = 28
// EXACT   out[21] = 27
// EXACT   out[22] = 26
// EXACT   out[23] = 25
// EXACT   out[24] = 24
// EXACT   out[25] = 23
// EXACT   out[26] = 22
// EXACT   out[27] = 21
// EXACT   out[28] = 20
// EXACT   out[29] = 19
// EXACT   out[30] = 18
// EXACT   out[31] = 17
