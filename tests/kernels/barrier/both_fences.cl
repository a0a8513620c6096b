// Negative control: one barrier with both fences orders __local and __global.
// expect-none
__kernel void both_fences(__global int *buf, __global int *out)
{
    __local int t[8];
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    t[lid] = lid;
    buf[gid] = gid;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[gid] = t[7 - lid] + buf[gid - lid + 7 - lid];
}
