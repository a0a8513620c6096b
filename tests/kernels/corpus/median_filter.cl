// 3x3 median filter with a min/max sorting network on private values
// (no arrays, no branches); uchar image with clamped borders.

#define SWAP(a, b) { uchar lo_ = min(a, b); b = max(a, b); a = lo_; }

__kernel void median3x3(__global const uchar *in, __global uchar *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;

    int xm = max(x - 1, 0), xp = min(x + 1, w - 1);
    int ym = max(y - 1, 0), yp = min(y + 1, h - 1);

    uchar p0 = in[ym * w + xm], p1 = in[ym * w + x], p2 = in[ym * w + xp];
    uchar p3 = in[y * w + xm],  p4 = in[y * w + x],  p5 = in[y * w + xp];
    uchar p6 = in[yp * w + xm], p7 = in[yp * w + x], p8 = in[yp * w + xp];

    SWAP(p1, p2); SWAP(p4, p5); SWAP(p7, p8);
    SWAP(p0, p1); SWAP(p3, p4); SWAP(p6, p7);
    SWAP(p1, p2); SWAP(p4, p5); SWAP(p7, p8);
    SWAP(p0, p3); SWAP(p5, p8); SWAP(p4, p7);
    SWAP(p3, p6); SWAP(p1, p4); SWAP(p2, p5);
    SWAP(p4, p7); SWAP(p4, p2); SWAP(p6, p4);
    SWAP(p4, p2);

    out[y * w + x] = p4;
}
