// A sampler passed as a kernel argument (its CLK_* bits as the value: 36 =
// CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR): linear filtering
// between texels and with the border colour (0 for CL_R), as OpenCL 1.2 API spec 8.2 says.
// The image holds 2 4 6 8.
// expect-none
// EXACT Argument 'out': 12 bytes
// EXACT   out[0] = 1
// EXACT   out[1] = 4.5
// EXACT   out[2] = 4
__kernel void image_sampler_argument(read_only image1d_t img, sampler_t s, __global float *out)
{
    out[0] = read_imagef(img, s, 0.0f).x;  // half border, half texel 0
    out[1] = read_imagef(img, s, 1.75f).x; // 3/4 of texel 1, 1/4 of texel 2
    out[2] = read_imagef(img, s, 4.0f).x;  // half texel 3, half border
}
