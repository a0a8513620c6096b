// vloadn / vstoren on unaligned addresses, vload_half / vstore_half for fp16 storage,
// and the vector-of-3 special case (vload3 reads exactly 3 elements).

__kernel void rgb_to_gray(__global const uchar *rgb,   // packed 3 bytes per pixel
                          __global uchar *gray,
                          const int npixels)
{
    int i = get_global_id(0);
    if (i >= npixels)
        return;
    float3 c = convert_float3(vload3(i, rgb));
    float y = dot(c, (float3)(0.299f, 0.587f, 0.114f));
    gray[i] = convert_uchar_sat(y + 0.5f);
}

__kernel void shift_copy(__global const float *src, __global float *dst, const int offset)
{
    // Unaligned: src + offset need not be 16-byte aligned, vload4 handles it.
    int i = get_global_id(0);
    float4 v = vload4(i, src + offset);
    vstore4(v * 0.5f, i, dst);
    float8 w = vload8(0, src);
    if (i == 0)
        vstore8(w, 0, dst + 4 * get_global_size(0));
}

__kernel void to_half(__global const float4 *in, __global half *out)
{
    size_t i = get_global_id(0);
    vstore_half4_rte(in[i], i, out);
    float f = vload_half(4 * i, out);
    vstore_half_rtz(f + 1.0f, 4 * i, out);
}
