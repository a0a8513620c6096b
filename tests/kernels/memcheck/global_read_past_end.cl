// The last work-item reads one element past the end of its input buffer.
// expect: out-of-bounds global line 6 count 1
__kernel void global_read_past_end(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = in[gid + 1];
}
