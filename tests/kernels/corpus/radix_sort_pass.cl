// One pass of an LSD radix sort on 4-bit digits:
//   radix_count:   per-group digit histograms, stored digit-major for a global scan
//   radix_scatter: after the host scans the counts, every key moves to its slot.
// The scatter is stable because each group's work-item 0 walks its block in order.

#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)
#define DIGIT(key, shift) (((key) >> (shift)) & (RADIX - 1))

__kernel void radix_count(__global const uint *keys,
                          __global uint *counts,       // RADIX * num_groups
                          const uint shift,
                          const uint n)
{
    __local uint hist[RADIX];
    uint lid = get_local_id(0);
    uint gid = get_global_id(0);
    uint group = get_group_id(0);
    uint ngroups = get_num_groups(0);

    if (lid < RADIX)
        hist[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (gid < n)
        atomic_inc(&hist[DIGIT(keys[gid], shift)]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < RADIX)
        counts[lid * ngroups + group] = hist[lid];
}

__kernel void radix_scatter(__global const uint *keys_in,
                            __global uint *keys_out,
                            __global const uint *scanned,   // exclusive scan of counts
                            const uint shift,
                            const uint n)
{
    uint group = get_group_id(0);
    uint ngroups = get_num_groups(0);
    uint lsize = get_local_size(0);

    if (get_local_id(0) != 0)
        return;

    uint offsets[RADIX];
    for (uint d = 0; d < RADIX; ++d)
        offsets[d] = scanned[d * ngroups + group];

    uint begin = group * lsize;
    uint end = min(begin + lsize, n);
    for (uint i = begin; i < end; ++i) {
        uint k = keys_in[i];
        keys_out[offsets[DIGIT(k, shift)]++] = k;
    }
}
