// A __local counter incremented atomically without being set to zero first: the
// first atomic of each group reads it uninitialized.
// expect: uninitialized-read local line 7 count 2
__kernel void local_counter_not_reset(__global int *out)
{
    __local int count;
    atomic_inc(&count);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = count;
}
