// Neighbour exchange through __local memory without a barrier: each work-item
// reads the element its neighbour writes, in the same barrier interval.
// expect: data-race local line 10,11 hazard WAR
// expect: data-race local line 10,11 hazard RAW
// expect: uninitialized-read local line 11
__kernel void local_exchange_no_barrier(__global const int *in, __global int *out)
{
    __local int tmp[8];
    int lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    out[get_global_id(0)] = tmp[(lid + 1) % 8];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 0
// EXACT   out[2] = 0
// EXACT   out[3] = 0
// EXACT   out[4] = 0
// EXACT   out[5] = 0
// EXACT   out[6] = 0
// EXACT   out[7] = 0
// EXACT   out[8] = 0
// EXACT   out[9] = 0
// EXACT   out[10] = 0
// EXACT   out[11] = 0
// EXACT   out[12] = 0
// EXACT   out[13] = 0
// EXACT   out[14] = 0
// EXACT   out[15] = 8
