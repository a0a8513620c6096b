// The last two work-items write past the end of the output buffer.
// expect: out-of-bounds global line 6 count 2
__kernel void global_write_past_end(__global int *out)
{
    int gid = get_global_id(0);
    out[gid + 2] = gid;
}
