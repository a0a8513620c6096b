// Non-kernel helper functions: pass by value, by pointer to private, by pointer
// to global/local, out-parameters, inline, and a kernel calling another kernel's
// helper. (No recursion: OpenCL C forbids it.)

inline float lerp(float a, float b, float t) { return a + t * (b - a); }

static void minmax3(float a, float b, float c, float *lo, float *hi)
{
    *lo = fmin(a, fmin(b, c));
    *hi = fmax(a, fmax(b, c));
}

int wrap(int i, int n)
{
    int r = i % n;
    return r < 0 ? r + n : r;
}

float sum_range(__global const float *p, int begin, int end)
{
    float s = 0.0f;
    for (int i = begin; i < end; ++i)
        s += p[i];
    return s;
}

void store_pair(__local float2 *dst, int i, float a, float b)
{
    dst[i] = (float2)(a, b);
}

__kernel void helpers(__global const float *in, __global float *out, const int n)
{
    __local float2 pairs[64];
    int i = get_global_id(0);
    int l = get_local_id(0);

    float lo, hi;
    minmax3(in[wrap(i - 1, n)], in[i], in[wrap(i + 1, n)], &lo, &hi);
    store_pair(pairs, l, lo, hi);
    barrier(CLK_LOCAL_MEM_FENCE);

    float2 p = pairs[(l + 1) % get_local_size(0)];
    float window = sum_range(in, max(i - 2, 0), min(i + 3, n));
    out[i] = lerp(p.x, p.y, 0.25f) + window;
}
