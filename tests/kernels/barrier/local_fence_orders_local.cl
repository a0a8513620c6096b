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
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 107
// EXACT   out[1] = 106
// EXACT   out[2] = 105
// EXACT   out[3] = 104
// EXACT   out[4] = 103
// EXACT   out[5] = 102
// EXACT   out[6] = 101
// EXACT   out[7] = 100
