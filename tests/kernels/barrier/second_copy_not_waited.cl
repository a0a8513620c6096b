// Two copies with separate events, but only the first event is waited for.
// expect: unwaited-event line 8 count 1
__kernel void second_copy_not_waited(__global const int *in, __global int *out)
{
    __local int a[8];
    __local int b[8];
    event_t ea = async_work_group_copy(a, in, 8, 0);
    event_t eb = async_work_group_copy(b, in + 8, 8, 0);
    wait_group_events(1, &ea);
    out[get_global_id(0)] = a[get_local_id(0)];
}
