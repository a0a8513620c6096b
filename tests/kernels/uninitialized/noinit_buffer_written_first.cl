// Negative control: each work-item writes its element of a noinit buffer before
// reading it back.
// expect-none
__kernel void noinit_buffer_written_first(__global int *scratch, __global int *out)
{
    int gid = get_global_id(0);
    scratch[gid] = gid * gid;
    out[gid] = scratch[gid] + 1;
}
