// assumes_16.cl: written for work-groups of 16: its own __local array of 16 ints and a
// loop that starts at 8. Right with 16 work-items per group, wrong with any other size.
#define WG 16

__kernel void total(__global const int *in, __global int *out, __local int *scratch)
{
    __local int partial[WG];
    const uint lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = WG / 2; s > 0; s /= 2) {
        if (lid < s)
            partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        atomic_add(out, partial[0]);
}
