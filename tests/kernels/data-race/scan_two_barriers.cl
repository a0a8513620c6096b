// Negative control: an inclusive Hillis-Steele scan in __local memory that reads,
// synchronises, then writes at every step.
// expect-none
__kernel void scan_two_barriers(__global const int *in, __global int *out)
{
    __local int s[16];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < 16; off *= 2) {
        int v = lid >= off ? s[lid - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        s[lid] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = s[lid];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 2
// EXACT   out[2] = 3
// EXACT   out[3] = 4
// EXACT   out[4] = 5
// EXACT   out[5] = 6
// EXACT   out[6] = 7
// EXACT   out[7] = 8
// EXACT   out[8] = 9
// EXACT   out[9] = 10
// EXACT   out[10] = 11
// EXACT   out[11] = 12
// EXACT   out[12] = 13
// EXACT   out[13] = 14
// EXACT   out[14] = 15
// EXACT   out[15] = 16
