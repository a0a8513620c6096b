// Negative control: a tree reduction in __local memory with a barrier at every level.
// expect-none
__kernel void reduction_correct(__global const int *in, __global int *sums)
{
    __local int partial[32];
    int lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = 16; stride > 0; stride /= 2) {
        if (lid < stride)
            partial[lid] += partial[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = partial[0];
}
// EXACT Argument 'sums': 8 bytes
// EXACT   sums[0] = 528
// EXACT   sums[1] = 1552
