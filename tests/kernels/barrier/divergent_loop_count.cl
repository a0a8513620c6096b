// A barrier in a loop whose trip count depends on the local id.
// expect: barrier-divergence line 7
__kernel void divergent_loop_count(__global int *out)
{
    int lid = get_local_id(0);
    for (int i = 0; i < lid; ++i)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = lid;
}
