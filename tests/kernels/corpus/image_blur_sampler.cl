// 3x3 box blur over a 2D image object using a sampler with clamp-to-edge
// addressing and nearest filtering, plus a bilinear upscale with a linear sampler.

__constant sampler_t nearest_clamp = CLK_NORMALIZED_COORDS_FALSE |
                                     CLK_ADDRESS_CLAMP_TO_EDGE |
                                     CLK_FILTER_NEAREST;

__kernel void box_blur(__read_only image2d_t src, __write_only image2d_t dst)
{
    int2 pos = (int2)(get_global_id(0), get_global_id(1));
    if (pos.x >= get_image_width(src) || pos.y >= get_image_height(src))
        return;

    float4 acc = (float4)(0.0f);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            acc += read_imagef(src, nearest_clamp, pos + (int2)(dx, dy));

    write_imagef(dst, pos, acc / 9.0f);
}

__kernel void upscale_bilinear(read_only image2d_t src, write_only image2d_t dst, sampler_t smp)
{
    int2 out_pos = (int2)(get_global_id(0), get_global_id(1));
    int2 out_dim = get_image_dim(dst);
    float2 uv = ((float2)(out_pos.x, out_pos.y) + 0.5f) / (float2)(out_dim.x, out_dim.y);
    float4 c = read_imagef(src, smp, uv);   // smp must use normalized coords
    write_imagef(dst, out_pos, c);
}
