// test_basic imagedim's kernel (each work-item copies the texel of its own global id) launched
// over a third dimension of 2: work-items (x, y, 0) and (x, y, 1) write the same texel of
// `dst`. The race detector leaves out the writes of an image each work-item writes only at
// its own texel (checks/OwnTexelImages.h), but only when the NDRange gives each work-item a
// texel of its own: here it does not, so every texel's write-write race is still reported.
// expect: data-race global line 13,13 hazard WAW race write-write count 16
__kernel void image_own_texel_third_dimension(read_only image2d_t src, write_only image2d_t dst)
{
    int tid_x = get_global_id(0);
    int tid_y = get_global_id(1);
    float4 color = read_imagef(src, (int2)(tid_x, tid_y));
    color.x += get_global_id(2);
    write_imagef(dst, (int2)(tid_x, tid_y), color);
}
