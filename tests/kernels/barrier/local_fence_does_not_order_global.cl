// barrier(CLK_LOCAL_MEM_FENCE) does not order __global accesses: the exchange
// through a __global buffer races.
// expect: data-race global line 7,9 hazard RAW
__kernel void local_fence_does_not_order_global(__global int *buf, __global int *out)
{
    int gid = get_global_id(0);
    buf[gid] = gid + 100;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = buf[7 - gid];
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 107
// EXACT   out[1] = 106
// EXACT   out[2] = 105
// EXACT   out[3] = 104
// EXACT   out[4] = 103
// EXACT   out[5] = 102
// EXACT   out[6] = 101
// EXACT   out[7] = 100
