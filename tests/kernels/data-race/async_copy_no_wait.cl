// Reading the destination of an async copy without waiting for it: the copy belongs
// to the work-group, so every work-item's read races with it (and the event is never
// waited for).
// expect: data-race local line 9,11 hazard RAW count 32
// expect: unwaited-event line 9 count 2
__kernel void async_copy_no_wait(__global const float *in, __global float *out)
{
    __local float tile[16];
    event_t e = async_work_group_copy(tile, in + get_group_id(0) * 16, 16, 0);
    int lid = get_local_id(0);
    out[get_global_id(0)] = tile[15 - lid];
}
// EXACT Argument 'out': 128 bytes
// MATCH   out[0] =
// MATCH   out[1] =
// MATCH   out[2] =
// MATCH   out[3] =
// MATCH   out[4] =
// MATCH   out[5] =
// MATCH   out[6] =
// MATCH   out[7] =
// MATCH   out[8] =
// MATCH   out[9] =
// MATCH   out[10] =
// MATCH   out[11] =
// MATCH   out[12] =
// MATCH   out[13] =
// MATCH   out[14] =
// MATCH   out[15] =
// MATCH   out[16] =
// MATCH   out[17] =
// MATCH   out[18] =
// MATCH   out[19] =
// MATCH   out[20] =
// MATCH   out[21] =
// MATCH   out[22] =
// MATCH   out[23] =
// MATCH   out[24] =
// MATCH   out[25] =
// MATCH   out[26] =
// MATCH   out[27] =
// MATCH   out[28] =
// MATCH   out[29] =
// MATCH   out[30] =
// MATCH   out[31] =
