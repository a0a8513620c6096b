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
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 14
// EXACT   out[1] = 12
// EXACT   out[2] = 10
// EXACT   out[3] = 8
// EXACT   out[4] = 6
// EXACT   out[5] = 4
// EXACT   out[6] = 2
// EXACT   out[7] = 0
// EXACT   out[8] = 22
// EXACT   out[9] = 20
// EXACT   out[10] = 18
// EXACT   out[11] = 16
// EXACT   out[12] = 14
// EXACT   out[13] = 12
// EXACT   out[14] = 10
// EXACT   out[15] = 8
