// An async copy from a noinit buffer into __local memory carries the
// uninitialized state along; reading the copy is reported.
// expect: uninitialized-read local line 9 count 8
__kernel void async_copy_of_noinit(__global const int *src, __global int *out)
{
    __local int t[8];
    event_t e = async_work_group_copy(t, src, 8, 0);
    wait_group_events(1, &e);
    out[get_global_id(0)] = t[get_local_id(0)];
}
