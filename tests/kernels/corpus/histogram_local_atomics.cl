// Privatised histogram: each work-group builds a histogram in __local memory
// with local atomics, then merges it into the global one with global atomics.
// Input pixels are packed RGBA (uchar4); the luminance is binned.

#define NUM_BINS 256

__kernel void histogram_local(__global const uchar4 *pixels,
                              const int num_pixels,
                              __global volatile unsigned int *hist)
{
    __local unsigned int local_hist[NUM_BINS];
    const int lid = get_local_id(0);
    const int lsize = get_local_size(0);

    for (int b = lid; b < NUM_BINS; b += lsize)
        local_hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int i = get_global_id(0); i < num_pixels; i += get_global_size(0)) {
        uchar4 p = pixels[i];
        float lum = 0.299f * p.x + 0.587f * p.y + 0.114f * p.z;
        uint bin = min((uint)lum, (uint)(NUM_BINS - 1));
        atomic_add(&local_hist[bin], 1u);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int b = lid; b < NUM_BINS; b += lsize) {
        unsigned int c = local_hist[b];
        if (c != 0)
            atomic_add(&hist[b], c);
    }
}
