// The origin of an uninitialized read of a noinit buffer: the kernel argument (line 4)
// the launch marked noinit.
// expect: uninitialized-read global line 7,4 count 4 origin kernel_argument_'scratch'_is_the_launch's_noinit_argument_1
__kernel void origin_noinit_buffer(__global const int *scratch, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = scratch[gid];
}
