// 256-bin byte histogram with one global atomic_inc per input byte.
// Simple and correct but heavily contended on popular bins.

__kernel void histogram_global(__global const uchar *data,
                               const uint n,
                               __global uint *bins)
{
    uint i = get_global_id(0);
    uint stride = get_global_size(0);

    for (; i < n; i += stride)
        atomic_inc(&bins[data[i]]);
}

__kernel void clear_bins(__global uint *bins)
{
    bins[get_global_id(0)] = 0u;
}

// Coarser variant: each work-item counts 4 bytes at a time from a uint
// (bytes unpacked with shifts and masks), still one atomic per byte.
__kernel void histogram_global_u32(__global const uint *words, const uint nwords,
                                   __global uint *bins)
{
    for (uint i = get_global_id(0); i < nwords; i += get_global_size(0)) {
        uint w = words[i];
        atomic_inc(&bins[w & 0xFFu]);
        atomic_inc(&bins[(w >> 8) & 0xFFu]);
        atomic_inc(&bins[(w >> 16) & 0xFFu]);
        atomic_inc(&bins[w >> 24]);
    }
}
