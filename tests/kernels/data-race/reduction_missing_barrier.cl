// The reduction without the barrier inside the loop: a work-item reads a partial sum
// before (or after) its owner updates it.
// expect: data-race local line 12,12 hazard WAR mincount 10
__kernel void reduction_missing_barrier(__global const int *in, __global int *sums)
{
    __local int partial[32];
    int lid = get_local_id(0);
    partial[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = 16; stride > 0; stride /= 2) {
        if (lid < stride)
            partial[lid] += partial[lid + stride];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        sums[get_group_id(0)] = partial[0];
}
// EXACT Argument 'sums': 8 bytes
// EXACT   sums[0] = 37
// EXACT   sums[1] = 229
