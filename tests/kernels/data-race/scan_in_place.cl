// The scan updated in place with one barrier per step: work-item i+off reads s[i]
// after work-item i updated it in the same interval.
// expect: data-race local line 12,12 hazard RAW
__kernel void scan_in_place(__global const int *in, __global int *out)
{
    __local int s[16];
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < 16; off *= 2) {
        if (lid >= off)
            s[lid] += s[lid - off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = s[lid];
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 2
// EXACT   out[2] = 4
// EXACT   out[3] = 6
// EXACT   out[4] = 10
// EXACT   out[5] = 14
// EXACT   out[6] = 20
// EXACT   out[7] = 26
// EXACT   out[8] = 36
// EXACT   out[9] = 46
// EXACT   out[10] = 60
// EXACT   out[11] = 74
// EXACT   out[12] = 94
// EXACT   out[13] = 114
// EXACT   out[14] = 140
// EXACT   out[15] = 166
