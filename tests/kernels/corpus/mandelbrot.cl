// Mandelbrot set, escape-time colouring into packed RGBA.
// One work-item per pixel; the iteration count varies wildly between neighbours.

typedef struct {
    float x0, y0;      // lower-left corner
    float scale;       // units per pixel
    int max_iter;
} View;

uint palette(int it, int max_iter)
{
    if (it >= max_iter)
        return 0xFF000000u;
    float t = (float)it / (float)max_iter;
    uint r = (uint)(9.0f * (1 - t) * t * t * t * 255);
    uint g = (uint)(15.0f * (1 - t) * (1 - t) * t * t * 255);
    uint b = (uint)(8.5f * (1 - t) * (1 - t) * (1 - t) * t * 255);
    return 0xFF000000u | (b << 16) | (g << 8) | r;
}

__kernel void mandelbrot(__global uint *image, const View view, const int width)
{
    int px = get_global_id(0);
    int py = get_global_id(1);

    float cx = view.x0 + px * view.scale;
    float cy = view.y0 + py * view.scale;
    float zx = 0.0f, zy = 0.0f;
    int it = 0;

    while (zx * zx + zy * zy <= 4.0f && it < view.max_iter) {
        float t = zx * zx - zy * zy + cx;
        zy = 2.0f * zx * zy + cy;
        zx = t;
        ++it;
    }
    image[py * width + px] = palette(it, view.max_iter);
}
