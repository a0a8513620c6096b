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
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 3
// EXACT   out[1] = 6
// EXACT   out[2] = 9
// EXACT   out[3] = 12
// EXACT   out[4] = 15
// EXACT   out[5] = 18
// EXACT   out[6] = 21
// EXACT   out[7] = 0
// EXACT   out[8] = 27
// EXACT   out[9] = 30
// EXACT   out[10] = 33
// EXACT   out[11] = 36
// EXACT   out[12] = 39
// EXACT   out[13] = 42
// EXACT   out[14] = 45
// EXACT   out[15] = 24
