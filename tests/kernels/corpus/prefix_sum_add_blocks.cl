// Second and third passes of a multi-block prefix sum:
//   scan_block_sums: a single work-group exclusive scan of the per-block totals
//   add_block_offsets: every element adds the scanned total of its block.

__kernel void scan_block_sums(__global uint *sums, const uint nblocks, __local uint *tmp)
{
    uint lid = get_local_id(0);
    uint v = lid < nblocks ? sums[lid] : 0u;
    tmp[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);

    // Hillis-Steele inclusive scan, read-then-write with two barriers.
    for (uint off = 1; off < get_local_size(0); off <<= 1) {
        uint add = lid >= off ? tmp[lid - off] : 0u;
        barrier(CLK_LOCAL_MEM_FENCE);
        tmp[lid] += add;
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid < nblocks)
        sums[lid] = tmp[lid] - v;   // inclusive -> exclusive
}

__kernel void add_block_offsets(__global uint *data,
                                __global const uint *scanned_sums,
                                const uint elems_per_block,
                                const uint n)
{
    uint gid = get_global_id(0);
    uint block = gid / elems_per_block;
    if (gid < n)
        data[gid] += scanned_sums[block];
}
