// Negative control: the same exchange through a __local argument with a barrier.
// expect-none
__kernel void local_argument_barrier(__global int *out, __local int *scratch)
{
    int lid = get_local_id(0);
    scratch[lid] = lid * 10;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = scratch[(lid + 7) % 8];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 70
// EXACT   out[1] = 0
// EXACT   out[2] = 10
// EXACT   out[3] = 20
// EXACT   out[4] = 30
// EXACT   out[5] = 40
// EXACT   out[6] = 50
// EXACT   out[7] = 60
// EXACT   out[8] = 70
// EXACT   out[9] = 0
// EXACT   out[10] = 10
// EXACT   out[11] = 20
// EXACT   out[12] = 30
// EXACT   out[13] = 40
// EXACT   out[14] = 50
// EXACT   out[15] = 60
