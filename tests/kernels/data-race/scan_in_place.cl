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
