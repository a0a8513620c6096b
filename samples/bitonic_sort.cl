// bitonic_sort: sorts 32 integers in one work-group of 16 work-items, in __local memory.
// Each step every work-item compares and (maybe) swaps one pair; the direction of a
// pair alternates between blocks, building bitonic sequences that are then merged.
// What it teaches: a data-independent sorting network; a barrier between EVERY step.
// Watch in the debugger: the __local `keys` array after each barrier: runs of 2, 4, 8,
// 16 sorted (alternately ascending/descending) values, then the final merge.

#define N 32                        // 2 * local size, a power of two

__kernel void bitonic_sort(__global int *data)
{
    __local int keys[N];
    const uint lid = get_local_id(0);

    keys[lid] = data[lid];
    keys[lid + N / 2] = data[lid + N / 2];

    for (uint size = 2; size <= N; size <<= 1) {
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            // Index of the first element of this work-item's pair
            uint i = 2 * lid - (lid & (stride - 1));
            uint j = i + stride;
            bool ascending = (i & size) == 0;   // direction of this block
            int a = keys[i], b = keys[j];
            if ((a > b) == ascending) {
                keys[i] = b;
                keys[j] = a;
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    data[lid] = keys[lid];
    data[lid + N / 2] = keys[lid + N / 2];
}
