// Work-items store into the async copy's destination in the same interval as the
// copy: write-write races between the work-items and the work-group.
// expect: data-race local line 8,9 hazard WAW mincount 1
__kernel void async_copy_overwrites_stores(__global const float *in, __global float *out)
{
    __local float tile[16];
    int lid = get_local_id(0);
    tile[lid] = 0.0f;
    event_t e = async_work_group_copy(tile, in, 16, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = tile[lid];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 1
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
