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
