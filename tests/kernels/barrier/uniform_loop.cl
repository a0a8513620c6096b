// Negative control: a barrier in a loop with the same trip count for all.
// expect-none
__kernel void uniform_loop(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    int v = lid;
    for (int i = 0; i < 3; ++i) {
        t[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v += t[7 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 28
// EXACT   out[1] = 28
// EXACT   out[2] = 28
// EXACT   out[3] = 28
// EXACT   out[4] = 28
// EXACT   out[5] = 28
// EXACT   out[6] = 28
// EXACT   out[7] = 28
