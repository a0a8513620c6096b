// Negative control: barrier(CLK_LOCAL_MEM_FENCE) orders __local accesses.
// expect-none
__kernel void local_fence_orders_local(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    t[lid] = lid + 100;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[7 - lid];
}
