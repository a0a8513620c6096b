// Negative control: a histogram in __local memory with atomic increments, merged
// into the global histogram with atomics.
// expect-none
__kernel void histogram_local_atomics(__global const uint *in, __global uint *hist)
{
    __local uint bins[4];
    int lid = get_local_id(0);
    if (lid < 4)
        bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[in[get_global_id(0)] % 4]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 4)
        atomic_add(&hist[lid], bins[lid]);
}
// EXACT Argument 'hist': 16 bytes
// EXACT   hist[0] = 8
// EXACT   hist[1] = 8
// EXACT   hist[2] = 8
// EXACT   hist[3] = 8
