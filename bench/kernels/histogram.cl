// Benchmark: 256-bin histogram of 1M hashed keys with __local atomics.
// Each work-group of 256 clears a local histogram, counts its 256 keys with
// atomic_inc on __local memory, and merges with one atomic_add per bin.

#define NUM_BINS 256

__kernel void histogram(__global const uint *keys,
                        __global uint *bins)
{
    __local uint local_bins[NUM_BINS];
    const uint lid = get_local_id(0);       // local size == NUM_BINS

    local_bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    uint k = keys[get_global_id(0)];
    uint bin = (k * 2654435761u) >> 24;     // Knuth multiplicative hash, top 8 bits
    atomic_inc(&local_bins[bin]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (local_bins[lid] != 0)
        atomic_add(&bins[lid], local_bins[lid]);
}
