// Sobel edge detector on an 8-bit greyscale image; writes gradient magnitude
// saturated to uchar. Border pixels are set to 0.

__constant int Gx[3][3] = { { -1, 0, 1 }, { -2, 0, 2 }, { -1, 0, 1 } };
__constant int Gy[3][3] = { { -1, -2, -1 }, { 0, 0, 0 }, { 1, 2, 1 } };

__kernel void sobel(__global const uchar *src,
                    __global uchar *dst,
                    const int width,
                    const int height)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x >= width || y >= height)
        return;

    if (x == 0 || y == 0 || x == width - 1 || y == height - 1) {
        dst[y * width + x] = 0;
        return;
    }

    int sx = 0, sy = 0;
    for (int j = -1; j <= 1; j++) {
        for (int i = -1; i <= 1; i++) {
            int p = src[(y + j) * width + (x + i)];
            sx += Gx[j + 1][i + 1] * p;
            sy += Gy[j + 1][i + 1] * p;
        }
    }
    float mag = hypot((float)sx, (float)sy);
    dst[y * width + x] = convert_uchar_sat_rte(mag);
}
