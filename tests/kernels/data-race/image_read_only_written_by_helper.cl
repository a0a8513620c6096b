// A read_only image written through a helper whose parameter is declared write_only (clang
// rejects the call; clstep reports each write like a write to an `ro` buffer). Work-item x
// reads texel x + 1 before work-item x + 1 writes it: the race is still found, because the
// race detector only leaves out read_only texel reads when no work-item can write them
// (checks/ReadOnlyImages.h), and the helper call makes that unprovable.
// expect: read-only-write line 10 count 4
// expect: data-race global line 16,10 hazard WAR race read-write count 3
void put(write_only image1d_t img, int x, float4 v)
{
    write_imagef(img, x, v);
}

__kernel void image_read_only_written_by_helper(read_only image1d_t img, __global float *out)
{
    int x = get_global_id(0);
    out[x] = read_imagef(img, min(x + 1, 3)).x;
    put(img, x, (float4)(1.0f));
}
