// Separable Gaussian blur: a horizontal pass and a vertical pass, each reading
// through a local tile with an apron. Weights are computed on the host and
// passed as a __constant buffer.

#define RADIUS 4
#define TILE_W 16
#define TILE_H 16

__kernel void blur_rows(__global const float *src, __global float *dst,
                        __constant float *w, const int width, const int height)
{
    __local float row[TILE_H][TILE_W + 2 * RADIUS];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    int y = min(gy, height - 1);

    for (int i = lx; i < TILE_W + 2 * RADIUS; i += TILE_W) {
        int sx = clamp((int)(get_group_id(0) * TILE_W) + i - RADIUS, 0, width - 1);
        row[ly][i] = src[y * width + sx];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (gx < width && gy < height) {
        float s = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; ++k)
            s += w[k + RADIUS] * row[ly][lx + RADIUS + k];
        dst[gy * width + gx] = s;
    }
}

__kernel void blur_cols(__global const float *src, __global float *dst,
                        __constant float *w, const int width, const int height)
{
    __local float col[TILE_H + 2 * RADIUS][TILE_W];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    int x = min(gx, width - 1);

    for (int j = ly; j < TILE_H + 2 * RADIUS; j += TILE_H) {
        int sy = clamp((int)(get_group_id(1) * TILE_H) + j - RADIUS, 0, height - 1);
        col[j][lx] = src[sy * width + x];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (gx < width && gy < height) {
        float s = 0.0f;
        for (int k = -RADIUS; k <= RADIUS; ++k)
            s += w[k + RADIUS] * col[ly + RADIUS + k][lx];
        dst[gy * width + gx] = s;
    }
}
