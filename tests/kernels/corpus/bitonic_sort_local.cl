// Full bitonic sort of one work-group's block in __local memory.
// Each work-item owns two keys; key/value pairs are sorted together.

inline void compare_swap(__local uint *k, __local uint *v, uint a, uint b, bool up)
{
    uint ka = k[a], kb = k[b];
    if ((ka > kb) == up) {
        k[a] = kb; k[b] = ka;
        uint t = v[a]; v[a] = v[b]; v[b] = t;
    }
}

__kernel void bitonic_sort_local(__global uint *keys,
                                 __global uint *vals,
                                 __local uint *lk,
                                 __local uint *lv)
{
    const uint lid = get_local_id(0);
    const uint n = 2 * get_local_size(0);
    const uint base = get_group_id(0) * n;

    lk[lid] = keys[base + lid];
    lv[lid] = vals[base + lid];
    lk[lid + n / 2] = keys[base + lid + n / 2];
    lv[lid + n / 2] = vals[base + lid + n / 2];

    for (uint size = 2; size <= n; size <<= 1) {
        bool up = ((lid & (size / 2)) == 0);
        for (uint stride = size / 2; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            uint pos = 2 * lid - (lid & (stride - 1));
            compare_swap(lk, lv, pos, pos + stride, size == n ? true : up);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    keys[base + lid] = lk[lid];
    vals[base + lid] = lv[lid];
    keys[base + lid + n / 2] = lk[lid + n / 2];
    vals[base + lid + n / 2] = lv[lid + n / 2];
}
