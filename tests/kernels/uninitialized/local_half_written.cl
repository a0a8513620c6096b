// Only even work-items write their __local element; odd ones read theirs anyway.
// expect: uninitialized-read local line 10 count 8
__kernel void local_half_written(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    if (lid % 2 == 0)
        t[lid] = lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[lid];
}
