// scan_blelloch: work-efficient EXCLUSIVE prefix sum (Blelloch) of 16 values per
// work-group of 8 work-items (each work-item owns two elements).
// What it teaches: the up-sweep (build a sum tree in place), clearing the root,
// and the down-sweep (swap and add) -- O(n) additions instead of O(n log n).
// Watch in the debugger: the __local array `temp` after each barrier; during the
// up-sweep every second, fourth, eighth... slot accumulates a partial sum.
// block_sums receives each work-group's total (input to a second pass).

#define N_PER_GROUP 16              // 2 * local size

__kernel void scan_blelloch(__global const int *input,
                            __global int *output,
                            __global int *block_sums)
{
    __local int temp[N_PER_GROUP];
    const int tid = get_local_id(0);
    const int base = get_group_id(0) * N_PER_GROUP;
    int offset = 1;

    temp[2 * tid]     = input[base + 2 * tid];
    temp[2 * tid + 1] = input[base + 2 * tid + 1];

    // Up-sweep (reduce) phase
    for (int d = N_PER_GROUP / 2; d > 0; d /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    // Save the total and clear the last element
    if (tid == 0) {
        block_sums[get_group_id(0)] = temp[N_PER_GROUP - 1];
        temp[N_PER_GROUP - 1] = 0;
    }

    // Down-sweep phase
    for (int d = 1; d < N_PER_GROUP; d *= 2) {
        offset /= 2;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    output[base + 2 * tid]     = temp[2 * tid];
    output[base + 2 * tid + 1] = temp[2 * tid + 1];
}
