// Work-item 0 reads the element before the start of the buffer.
// expect: out-of-bounds global line 6 count 1
__kernel void global_negative_index(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = in[gid - 1];
}
