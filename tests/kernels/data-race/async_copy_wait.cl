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
