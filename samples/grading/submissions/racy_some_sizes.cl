// racy_some_sizes.cl: adds the group's sum to out[0] with a plain `+=` instead of
// atomic_add. With one work-group (a work-group size of 64) nothing else writes out[0];
// with several, their read-modify-writes race on __global memory. The results are right
// here (the simulated work-groups run one after another), wrong on a real GPU.
__kernel void total(__global const int *in, __global int *out, __local int *scratch)
{
    const uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        *out += scratch[0];
}
