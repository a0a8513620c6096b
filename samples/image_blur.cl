// image_blur: 3x3 box blur of an 8x8 RGBA image with the image functions (OpenCL C 1.2
// 6.12.14): read_imagef through a sampler, write_imagef to a second image.
// What it teaches: images are not pointers -- the kernel never sees bytes, only texels,
// and the sampler decides what a read outside the image returns (CLK_ADDRESS_CLAMP_TO_EDGE:
// the nearest edge texel), so the border needs no clamp() in the kernel.
// Watch in the debugger: both images are CL_RGBA/CL_UNORM_INT8 (one byte per channel, read
// as 0.0-1.0, written back rounded to the nearest byte). Step a work-item of group (0,0)
// and see the edge texels it reads more than once.
// Compare with 2d_blur, the same blur on a plain byte buffer.

constant sampler_t nearest =
    CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

__kernel void image_blur(read_only image2d_t src, write_only image2d_t dst)
{
    const int2 pos = (int2)(get_global_id(0), get_global_id(1));
    if (pos.x >= get_image_width(dst) || pos.y >= get_image_height(dst))
        return;

    float4 sum = (float4)(0.0f);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            sum += read_imagef(src, nearest, pos + (int2)(dx, dy));
    write_imagef(dst, pos, sum / 9.0f);
}
