// barrier(CLK_GLOBAL_MEM_FENCE) does not order __local accesses: the exchange
// through __local memory still races.
// expect: data-race local line 8,10 hazard RAW
__kernel void global_fence_does_not_order_local(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    t[lid] = lid + 100;
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[get_global_id(0)] = t[7 - lid];
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
