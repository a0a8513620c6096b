// A buffer the host marked write-only (wo) is read by the kernel.
// expect: write-only-read line 6 count 4
__kernel void write_only_buffer_read(__global int *data, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = data[gid];
}
