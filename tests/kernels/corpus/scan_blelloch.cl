// Exclusive work-efficient scan (Blelloch 1990): up-sweep builds a sum tree,
// the root is cleared, and the down-sweep distributes partial sums.
// Each work-item handles two elements; block totals go to `sums` for a second pass.

__kernel void scan_blelloch(__global const uint *input,
                            __global uint *output,
                            __global uint *sums,
                            __local uint *temp)     // 2 * local size
{
    const int thid = get_local_id(0);
    const int n = 2 * get_local_size(0);
    const int base = get_group_id(0) * n;
    int offset = 1;

    temp[2 * thid]     = input[base + 2 * thid];
    temp[2 * thid + 1] = input[base + 2 * thid + 1];

    for (int d = n >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }

    if (thid == 0) {
        sums[get_group_id(0)] = temp[n - 1];
        temp[n - 1] = 0;
    }

    for (int d = 1; d < n; d *= 2) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            uint t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    output[base + 2 * thid]     = temp[2 * thid];
    output[base + 2 * thid + 1] = temp[2 * thid + 1];
}
