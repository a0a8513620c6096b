// reduction: every work-group sums its 16 values in __local memory (tree reduction).
// What it teaches: the halving-stride tree and the barrier after EVERY level.
// Watch in the debugger: the __local array `partial` of one work-group; after each
// barrier the active half of the work-items has added the other half's values,
// so 16 -> 8 -> 4 -> 2 -> 1 values remain. Compare with reduction_race.
// Expected output: group_sums = { 1+...+16, 17+...+32 } = { 136, 392 }.

#define WG_SIZE 16

__kernel void reduction(__global const int *input,
                        __global int *group_sums)
{
    __local int partial[WG_SIZE];
    const int lid = get_local_id(0);

    partial[lid] = input[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int stride = WG_SIZE / 2; stride > 0; stride /= 2) {
        if (lid < stride)
            partial[lid] += partial[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        group_sums[get_group_id(0)] = partial[0];
}
