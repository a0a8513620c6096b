// A buffer the host marked read-only (ro) is written by the kernel.
// expect: read-only-write line 6 count 4
__kernel void read_only_buffer_written(__global int *data)
{
    int gid = get_global_id(0);
    data[gid] = data[gid] * 2;
}
