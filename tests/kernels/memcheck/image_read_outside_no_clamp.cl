// A read one texel right of the image through a sampler with CLK_ADDRESS_NONE.
// expect: out-of-bounds line 9 count 1
constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;

__kernel void image_read_outside_no_clamp(read_only image2d_t in, __global float *out)
{
    int x = get_global_id(0);
    // the last work-item reads x = 4, outside the 4x1 image
    out[x] = read_imagef(in, s, (int2)(x + 1, 0)).x;
}
