// 2d_blur: 3x3 box blur of a 16x16 greyscale image (one byte per pixel), clamp-to-edge.
// What it teaches: the 2D work-item grid -- get_global_id(0) is the column (x),
// get_global_id(1) the row (y) -- and 2D work-groups (4x4 tiles of the image).
// Watch in the debugger: select work-groups (0,0) and (3,3): their work-items read the
// clamped border pixels; step one work-item and see the 9 pixels it reads highlighted.
// Integer arithmetic with rounding: out = (sum of 9 pixels + 4) / 9.

__kernel void blur_2d(__global const uchar *src,
                      __global uchar *dst,
                      const int width,
                      const int height)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x >= width || y >= height)
        return;

    int sum = 0;
    for (int dy = -1; dy <= 1; ++dy) {
        int yy = clamp(y + dy, 0, height - 1);
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = clamp(x + dx, 0, width - 1);
            sum += src[yy * width + xx];
        }
    }
    dst[y * width + x] = (uchar)((sum + 4) / 9);
}
