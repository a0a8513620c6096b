// Negative control: exchange through a __global buffer inside one work-group,
// ordered by barrier(CLK_GLOBAL_MEM_FENCE).
// expect-none
__kernel void global_exchange_global_fence(__global int *buf, __global int *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    buf[gid] = gid * 3;
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[gid] = buf[gid - lid + (lid + 1) % 8];
}
