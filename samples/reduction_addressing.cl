// reduction_addressing: three tree reductions of 64 ints per work-group in __local memory
// (sub-groups of 32 work-items, 32 banks of 4 bytes), after M. Harris, "Optimizing Parallel
// Reduction in CUDA". Run with the `simt` schedule and the Efficiency pane, or
// `clstep-cli run SAMPLE.sim --access-stats`.
// * reduce_divergent (interleaved addressing, divergent branch): `if (lid % (2*s) == 0)`.
//   At s = 1 every sub-group splits: even lanes add, odd lanes wait masked; fewer and fewer
//   lanes of each sub-group work at every level.
// * reduce_interleaved (interleaved addressing, strided index): lane t works on element
//   2*s*t. The active lanes are contiguous (less divergence) but their words are 2*s apart:
//   at s = 1 the 32 lanes of sub-group 0 read words 0, 2, ..., 62, two distinct words in
//   each even bank: a 2-way bank conflict.
// * reduce_sequential (sequential addressing): `if (lid < s) partial[lid] += partial[lid+s]`.
//   Consecutive lanes read consecutive words: conflict-free (degree 1); at s = 32 whole
//   sub-groups are active or idle, so the branch splits no sub-group until s < 32.
// Expected: group_sums = { 0+...+63, 64+...+127 } = { 2016, 6112 } for all three.

#define WG 64

__kernel void reduce_divergent(__global const int *in, __global int *group_sums)
{
    __local int partial[WG];
    const int lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < WG; s *= 2) {
        if (lid % (2 * s) == 0)
            partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        group_sums[get_group_id(0)] = partial[0];
}

__kernel void reduce_interleaved(__global const int *in, __global int *group_sums)
{
    __local int partial[WG];
    const int lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < WG; s *= 2) {
        const int index = 2 * s * lid;
        if (index < WG)
            partial[index] += partial[index + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        group_sums[get_group_id(0)] = partial[0];
}

__kernel void reduce_sequential(__global const int *in, __global int *group_sums)
{
    __local int partial[WG];
    const int lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WG / 2; s > 0; s /= 2) {
        if (lid < s)
            partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        group_sums[get_group_id(0)] = partial[0];
}
