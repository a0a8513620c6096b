// An async copy whose event is never waited for: the group finishes with the copy
// still pending (its destination is undefined).
// expect: unwaited-event line 7 count 2
__kernel void copy_never_waited(__global const int *in, __global int *out)
{
    __local int t[8];
    event_t e = async_work_group_copy(t, in, 8, 0);
    out[get_global_id(0)] = get_local_id(0);
}
