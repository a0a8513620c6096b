// A read_only image written through a pointer cast from the image (clang rejects the cast;
// clstep converts the handle to the address of the image's texels). Work-item x reads texel
// x + 1 before work-item x + 1 writes its first byte: the race is still found, because the
// cast makes "no work-item writes a read_only image" unprovable (checks/ReadOnlyImages.h).
// expect: read-only-write line 12 count 4
// expect: data-race global line 11,12 hazard WAR race read-write count 3
__kernel void image_read_only_cast_to_pointer(read_only image1d_t img, __global float *out)
{
    int x = get_global_id(0);
    __global uchar *texels = (__global uchar *)img;
    out[x] = read_imagef(img, min(x + 1, 3)).x;
    texels[4 * x] = 255;
}
