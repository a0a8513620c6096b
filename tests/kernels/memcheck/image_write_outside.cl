// Writes one row below a 4x2 image: every work-item of the second row misses it (one
// report per texel: the messages name the coordinates).
// expect: out-of-bounds line 8
__kernel void image_write_outside(write_only image2d_t out)
{
    int x = get_global_id(0), y = get_global_id(1);
    // rows 1 and 2: row 2 does not exist
    write_imageui(out, (int2)(x, y + 1), (uint4)(x, y, 0, 1));
}
