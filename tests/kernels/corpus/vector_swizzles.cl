// Vector component access: .xyzw, .s0-.sF (hex digits), .lo/.hi/.even/.odd,
// swizzle on the left-hand side, vector literals and component-wise ops.

__kernel void swizzles(__global float4 *out4,
                       __global int16 *out16,
                       __global const float8 *in8)
{
    size_t i = get_global_id(0);

    float4 a = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    float4 b = a.wzyx;                      // reverse
    float2 c = a.xy + b.zw;
    float4 d = (float4)(c, a.zz);           // vector built from vectors
    d.yx = d.xy;                            // swizzled store
    d.s3 = 10.0f;

    float8 v = in8[i];
    float4 lo = v.lo, hi = v.hi;
    float4 ev = v.even, od = v.odd;
    float2 mix2 = v.s07;
    out4[i] = d + lo * hi - ev + od + (float4)(mix2, mix2.yx);

    int16 w = (int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    w.sABCD = w.s0123 * 2;
    w.sF = w.sE + w.sa;                     // lower-case hex is valid too
    w.hi.lo = (int4)(-1);
    int3 t = w.s147;
    w.s0 = t.x + t.y + t.z;
    out16[i] = w;
}

__kernel void length_and_select(__global const float3 *pts, __global float *len, __global int4 *mask)
{
    size_t i = get_global_id(0);
    float3 p = pts[i];
    len[i] = length(p.xy) + fast_length(p);
    int4 cmp = isgreater((float4)(p, 0.0f), (float4)(0.5f));
    mask[i] = select((int4)(0), (int4)(1, 2, 3, 4), cmp);
}
