// Work-groups are never ordered: reading an element another work-group writes is a
// race even with a global barrier (which only orders the work-items of one group).
// expect: data-race global line 8,10 hazard WAR
// expect: data-race global line 8,10 hazard RAW
__kernel void intergroup_neighbour(__global int *buf, __global int *out)
{
    int gid = get_global_id(0);
    buf[gid] = gid;
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[gid] = buf[(gid + 8) % 32];
}
