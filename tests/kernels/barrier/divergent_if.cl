// Only half of the work-items reach the barrier.
// expect: barrier-divergence line 7
__kernel void divergent_if(__global int *out)
{
    int lid = get_local_id(0);
    if (lid < 4)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = lid;
}
