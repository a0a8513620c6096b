// 2D convolution, mask in __constant, clamp-to-edge borders.
// Image is row-major, single channel float.

#define MASK_MAX 9

__kernel void convolve_2d(__global const float *input,
                          __global float *output,
                          __constant float *mask,
                          const int mask_width,
                          const int width,
                          const int height)
{
    const int col = get_global_id(0);
    const int row = get_global_id(1);
    if (col >= width || row >= height)
        return;

    const int half_w = mask_width / 2;
    float acc = 0.0f;

    for (int my = 0; my < mask_width; ++my) {
        int y = clamp(row + my - half_w, 0, height - 1);
        for (int mx = 0; mx < mask_width; ++mx) {
            int x = clamp(col + mx - half_w, 0, width - 1);
            acc += input[y * width + x] * mask[my * mask_width + mx];
        }
    }
    output[row * width + col] = acc;
}
