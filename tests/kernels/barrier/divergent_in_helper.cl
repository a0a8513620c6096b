// The barrier is inside a helper that only work-item 0 calls.
// expect: barrier-divergence line 5
void sync_and_store(__global int *out, int v)
{
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[0] = v;
}

__kernel void divergent_in_helper(__global int *out)
{
    if (get_local_id(0) == 0)
        sync_and_store(out, 7);
}
