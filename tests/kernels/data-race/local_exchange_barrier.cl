// Negative control: the same exchange with barrier(CLK_LOCAL_MEM_FENCE) between
// the write and the read is race-free.
// expect-none
__kernel void local_exchange_barrier(__global const int *in, __global int *out)
{
    __local int tmp[8];
    int lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(lid + 1) % 8];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 2
// EXACT   out[2] = 3
// EXACT   out[3] = 4
// EXACT   out[4] = 5
// EXACT   out[5] = 6
// EXACT   out[6] = 7
// EXACT   out[7] = 0
// EXACT   out[8] = 9
// EXACT   out[9] = 10
// EXACT   out[10] = 11
// EXACT   out[11] = 12
// EXACT   out[12] = 13
// EXACT   out[13] = 14
// EXACT   out[14] = 15
// EXACT   out[15] = 8
