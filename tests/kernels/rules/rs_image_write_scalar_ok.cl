// A scalar argument widens to the vector parameter of an image builtin (OpenCL C 6.2.1:
// scalar to vector conversions are implicit), as clang accepts: the color of write_image*,
// the coordinate of write_image* and of the sampler-less read_image*.
kernel void k(write_only image2d_t ui, write_only image2d_t f, write_only image3d_t i3,
              write_only image1d_t i1, read_only image2d_t r, global float4 *out) {
    int2 pos = (int2)(get_global_id(0), 0);
    write_imageui(ui, pos, 1);
    write_imageui(ui, pos, 7u);
    write_imagef(f, pos, 0.5f);
    write_imagef(f, pos, (char)1);
    write_imagei(i3, (int4)(0), (short)2);
    write_imagei(f, 0, -1);
    write_imagei(i1, 3, 4);
    out[0] = read_imagef(r, 1);
}
