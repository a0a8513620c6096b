// read_imagef with nearest filtering at coordinates far outside a 4x2 image: with
// CLK_ADDRESS_CLAMP_TO_EDGE the edge texel, with CLK_ADDRESS_CLAMP the border color (0,0,0,0)
// (OpenCL 1.2 API spec 8.2: i = floor(u), then the addressing mode), for int coordinates up
// to INT_MIN/INT_MAX and float coordinates with fractions, beyond 2^23 and beyond 2^63.
// Each output texel is the texel read times 255 (its r channel is 4 * (y * 4 + x)).
// Regression: y = 1e30 read row 0 (the float-to-int64 conversion gave INT64_MIN), out(14).
// expect-none
__constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                            CLK_FILTER_NEAREST;
__constant sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |
                              CLK_FILTER_NEAREST;

__kernel void image_read_far_coordinates(read_only image2d_t img, write_only image1d_t out)
{
    const int2 ic[4] = {(int2)(INT_MIN, 0), (int2)(INT_MAX, 1), (int2)(-1, 1),
                        (int2)(3, INT_MAX)};
    const float2 fc[6] = {(float2)(-0.5f, 0.5f), (float2)(3.99f, 1.5f), (float2)(4.0f, 0.0f),
                          (float2)(-1e10f, 1e30f), (float2)(8388609.0f, -8388607.5f),
                          (float2)(2.5f, -0.0f)};
    int k = 0;
    for (int i = 0; i < 4; ++i) {
        write_imagef(out, k++, read_imagef(img, edge, ic[i]) * 255.0f);
        write_imagef(out, k++, read_imagef(img, border, ic[i]) * 255.0f);
    }
    for (int i = 0; i < 6; ++i) {
        write_imagef(out, k++, read_imagef(img, edge, fc[i]) * 255.0f);
        write_imagef(out, k++, read_imagef(img, border, fc[i]) * 255.0f);
    }
}
// EXACT Image 'out': image1d_t 20x1 CL_RGBA/CL_FLOAT, 320 bytes
// EXACT   out(0) = (0, 1, 2, 3)
// EXACT   out(1) = (0, 0, 0, 0)
// EXACT   out(2) = (28, 29, 30, 31)
// EXACT   out(3) = (0, 0, 0, 0)
// EXACT   out(4) = (16, 17, 18, 19)
// EXACT   out(5) = (0, 0, 0, 0)
// EXACT   out(6) = (28, 29, 30, 31)
// EXACT   out(7) = (0, 0, 0, 0)
// EXACT   out(8) = (0, 1, 2, 3)
// EXACT   out(9) = (0, 0, 0, 0)
// EXACT   out(10) = (28, 29, 30, 31)
// EXACT   out(11) = (28, 29, 30, 31)
// EXACT   out(12) = (12, 13, 14, 15)
// EXACT   out(13) = (0, 0, 0, 0)
// EXACT   out(14) = (16, 17, 18, 19)
// EXACT   out(15) = (0, 0, 0, 0)
// EXACT   out(16) = (12, 13, 14, 15)
// EXACT   out(17) = (0, 0, 0, 0)
// EXACT   out(18) = (8, 9, 10, 11)
// EXACT   out(19) = (8, 9, 10, 11)
