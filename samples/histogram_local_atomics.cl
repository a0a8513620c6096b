// histogram_local_atomics: histogram of 64 exam scores (0..100) into 10 bins of width 10
// (a score of 100 goes into the last bin). Each work-group first builds a private
// histogram in __local memory with atomic_inc, then merges it with atomic_add.
// What it teaches: atomics on __local and __global memory, privatisation to cut
// contention, and the two barriers around the local phase.
// Watch in the debugger: two work-items of the same group hitting the same bin --
// the atomic makes the read-modify-write indivisible. Expected bins: see the .sim file.

#define NUM_BINS 10

__kernel void histogram_local_atomics(__global const int *scores,
                                      const int n,
                                      __global uint *bins)
{
    __local uint local_bins[NUM_BINS];
    const int lid = get_local_id(0);

    if (lid < NUM_BINS)
        local_bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    // Each work-item handles several scores (grid-stride loop).
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        int bin = min(scores[i] / 10, NUM_BINS - 1);
        atomic_inc(&local_bins[bin]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < NUM_BINS && local_bins[lid] != 0)
        atomic_add(&bins[lid], local_bins[lid]);
}
