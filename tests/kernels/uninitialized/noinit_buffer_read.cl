// A buffer the launch marks noinit is read before anything was written to it.
// expect: uninitialized-read global line 6 count 8
__kernel void noinit_buffer_read(__global const int *scratch, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = scratch[gid] + 1;
}
