// Image formats other than float: read_imageui on an 8-bit RGBA image,
// write_imageui, and a 1D image buffer lookup table.

__kernel void grayscale_u8(__read_only image2d_t rgba, __write_only image2d_t gray)
{
    const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    uint4 c = read_imageui(rgba, smp, p);
    uint y = (77 * c.x + 150 * c.y + 29 * c.z + 128) >> 8;
    write_imageui(gray, p, (uint4)(y, y, y, 255));
}

__kernel void apply_lut(__read_only image2d_t in, __write_only image2d_t out,
                        __read_only image1d_buffer_t lut)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 c = read_imagef(in, p);      // sampler-less read (OpenCL 1.2)
    int idx = convert_int_sat_rte(c.x * 255.0f);
    float4 mapped = read_imagef(lut, idx);
    write_imagef(out, p, (float4)(mapped.xyz, c.w));
}

__kernel void image3d_slice(__read_only image3d_t vol, __global float *slice, const int z)
{
    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    int x = get_global_id(0), y = get_global_id(1);
    float4 v = read_imagef(vol, s, (int4)(x, y, z, 0));
    slice[y * get_image_width(vol) + x] = v.x;
}
