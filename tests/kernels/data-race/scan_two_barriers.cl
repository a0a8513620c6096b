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
