// Benchmark: sum of 1M uints. Each work-group of 256 reduces in __local memory,
// then work-item 0 adds the group's sum to a single total with atomic_add
// (unsigned wrap-around is exact and order-independent). Only `total` is dumped.

#define WG 256

__kernel void reduction(__global const uint *input,
                        __global uint *total)
{
    __local uint partial[WG];
    const uint lid = get_local_id(0);

    partial[lid] = input[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint s = WG / 2; s > 0; s >>= 1) {
        if (lid < s)
            partial[lid] += partial[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        atomic_add(total, partial[0]);
}
