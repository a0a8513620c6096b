// Benchmark: exclusive Blelloch scan of 64K uints, 512 elements per work-group of 256
// (two elements per work-item); the 128 block totals go to `block_sums`, the only
// dumped argument (a second pass would scan them and add them back).

#define N_PER_GROUP 512

__kernel void scan(__global const uint *input,
                   __global uint *output,
                   __global uint *block_sums)
{
    __local uint temp[N_PER_GROUP];
    const int tid = get_local_id(0);
    const int base = get_group_id(0) * N_PER_GROUP;
    int offset = 1;

    temp[2 * tid] = input[base + 2 * tid];
    temp[2 * tid + 1] = input[base + 2 * tid + 1];

    for (int d = N_PER_GROUP / 2; d > 0; d /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (tid == 0) {
        block_sums[get_group_id(0)] = temp[N_PER_GROUP - 1];
        temp[N_PER_GROUP - 1] = 0;
    }

    for (int d = 1; d < N_PER_GROUP; d *= 2) {
        offset /= 2;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            uint t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    output[base + 2 * tid] = temp[2 * tid];
    output[base + 2 * tid + 1] = temp[2 * tid + 1];
}
