// Conversions with saturation and rounding modes, bit reinterpretation with as_T,
// and shuffle / shuffle2 permutations.

__kernel void conversions(__global const float4 *in,
                          __global uchar4 *sat_rte,
                          __global int4 *rtz,
                          __global short8 *packed,
                          __global uint4 *bits)
{
    size_t i = get_global_id(0);
    float4 f = in[i];

    sat_rte[i] = convert_uchar4_sat_rte(f * 255.0f);
    rtz[i] = convert_int4_rtz(f * 1000.0f);
    int4 rn = convert_int4_rtn(f);
    int4 rp = convert_int4_sat_rtp(f);
    packed[i] = convert_short8_sat((int8)(rn, rp));
    bits[i] = as_uint4(f);
}

__kernel void shuffles(__global const int8 *a, __global const int8 *b, __global int8 *out,
                       __global uchar16 *bytes_out)
{
    size_t i = get_global_id(0);
    uint8 rev = (uint8)(7, 6, 5, 4, 3, 2, 1, 0);
    int8 r = shuffle(a[i], rev);
    uint8 inter = (uint8)(0, 8, 1, 9, 2, 10, 3, 11);
    int8 z = shuffle2(a[i], b[i], inter);
    out[i] = r + z;

    float4 f = as_float4(a[i].lo);
    uchar16 by = as_uchar16(f);
    bytes_out[i] = shuffle(by, (uchar16)(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
}

__kernel void byteswap32(__global uint *words)
{
    size_t i = get_global_id(0);
    uchar4 b = as_uchar4(words[i]);
    words[i] = as_uint(b.wzyx);
}
