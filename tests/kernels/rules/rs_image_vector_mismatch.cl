// Vectors do not convert implicitly into one another (OpenCL C 6.2.1), so an image builtin
// takes its color only as the exact vector type (or a scalar, which widens); with a sampler,
// a scalar coordinate of a 2D image fits both the int2 and the float2 overload.
kernel void k(write_only image2d_t img, read_only image2d_t r, sampler_t s,
              global float4 *out) {
    int2 pos = (int2)(0, 0);
    write_imageui(img, pos, (int4)1); // expect-error: no-matching-builtin
    write_imagef(img, pos, (int4)1); // expect-error: no-matching-builtin
    write_imageui(img, pos, (uint2)1); // expect-error: no-matching-builtin
    out[0] = read_imagef(r, s, 0); // expect-error: no-matching-builtin
}
