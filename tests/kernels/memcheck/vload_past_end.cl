// vload4 of the fifth float4 of a buffer that holds four (each of the four
// components is an invalid read).
// expect: out-of-bounds global line 7 count 4
__kernel void vload_past_end(__global const float *in, __global float *out)
{
    int gid = get_global_id(0);
    float4 v = vload4(gid, in);
    out[gid] = v.x + v.y + v.z + v.w;
}
