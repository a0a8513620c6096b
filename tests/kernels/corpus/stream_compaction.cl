// Stream compaction (filter): keep elements above a threshold.
// Version 1 uses a global atomic counter (order not preserved);
// version 2 uses a per-group local scan of predicates plus one atomic per group.

__kernel void compact_atomic(__global const float *in, const float threshold,
                             __global float *out, __global int *count)
{
    int i = get_global_id(0);
    float v = in[i];
    if (v > threshold) {
        int slot = atomic_inc(count);
        out[slot] = v;
    }
}

__kernel void compact_local_scan(__global const float *in, const float threshold,
                                 __global float *out, __global int *count,
                                 __local int *flags)
{
    int lid = get_local_id(0);
    int lsize = get_local_size(0);
    float v = in[get_global_id(0)];
    int keep = v > threshold;
    __local int base;

    flags[lid] = keep;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < lsize; off *= 2) {
        int t = lid >= off ? flags[lid - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        flags[lid] += t;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == lsize - 1)
        base = atomic_add(count, flags[lid]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (keep)
        out[base + flags[lid] - 1] = v;
}
