// 1D convolution with the filter in __constant memory and a local tile with halo.
// Out-of-range input samples are treated as zero.

#define MAX_RADIUS 8

__constant float gaussian7[7] = { 0.00443f, 0.05399f, 0.24197f, 0.39894f,
                                  0.24197f, 0.05399f, 0.00443f };

__kernel void convolve_1d(__global const float *signal,
                          __constant float *weights,
                          __global float *result,
                          const int radius,
                          const int n,
                          __local float *tile)  // local size + 2 * radius
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsize = get_local_size(0);
    int start = get_group_id(0) * lsize - radius;

    for (int i = lid; i < lsize + 2 * radius; i += lsize) {
        int src = start + i;
        tile[i] = (src >= 0 && src < n) ? signal[src] : 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (gid >= n)
        return;
    float sum = 0.0f;
    for (int k = -radius; k <= radius; ++k)
        sum += weights[k + radius] * tile[lid + radius + k];
    result[gid] = sum;
}

__kernel void gaussian_1d_fixed(__global const float *in, __global float *out, int n)
{
    int i = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < 7; k++) {
        int j = clamp(i + k - 3, 0, n - 1);
        s += gaussian7[k] * in[j];
    }
    out[i] = s;
}
