// Negative control: a __local counter set by one work-item, then incremented with
// atomics between barriers, then read by one work-item.
// expect-none
__kernel void atomic_counter_local(__global int *out)
{
    __local int count;
    int lid = get_local_id(0);
    if (lid == 0)
        count = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&count);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        out[get_group_id(0)] = count;
}
// EXACT Argument 'out': 16 bytes
// EXACT   out[0] = 16
// EXACT   out[1] = 16
// EXACT   out[2] = 16
// EXACT   out[3] = 16
