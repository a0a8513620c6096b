// CLK_ADDRESS_REPEAT with unnormalized coordinates: the spec leaves the read undefined.
// expect: image-undefined line 9 count 4
constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;

__kernel void image_invalid_sampler(read_only image2d_t in, __global float *out)
{
    int x = get_global_id(0);
    float2 at = (float2)(x + 0.5f, 0.5f);
    out[x] = read_imagef(in, s, at).x;
}
