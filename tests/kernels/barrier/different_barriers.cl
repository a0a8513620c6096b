// Even and odd work-items wait at two different barriers.
// expect: barrier-divergence line 9,7
__kernel void different_barriers(__global int *out)
{
    int lid = get_local_id(0);
    if (lid % 2)
        barrier(CLK_LOCAL_MEM_FENCE);
    else
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = lid;
}
