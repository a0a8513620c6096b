// write_imagef on an image the kernel declared read_only (clang rejects the call; clstep
// reports each write like a write to an `ro` buffer).
// expect: read-only-write line 7 count 4
__kernel void image_write_read_only(read_only image1d_t img)
{
    int x = get_global_id(0);
    write_imagef(img, x, (float4)(1.0f));
}
