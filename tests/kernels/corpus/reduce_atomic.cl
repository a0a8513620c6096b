// Integer sum where each work-group reduces in local memory and then one
// work-item per group adds the group's total with a global atomic.
// Also counts the number of negative values with atomic_inc.

__kernel void reduce_atomic(__global const int *values,
                            const int n,
                            __global int *total,
                            __global unsigned int *negatives)
{
    __local int partial[64];
    __local unsigned int neg_count;

    int lid = get_local_id(0);
    int gid = get_global_id(0);

    if (lid == 0)
        neg_count = 0u;
    barrier(CLK_LOCAL_MEM_FENCE);

    int v = gid < n ? values[gid] : 0;
    if (v < 0)
        atomic_inc(&neg_count);
    partial[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (lid < s)
            partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0) {
        atomic_add(total, partial[0]);
        atomic_add(negatives, neg_count);
    }
}
