// A __local array indexed with lid + 1: the last work-item of each group writes past it.
// expect: out-of-bounds local line 7 count 2
__kernel void local_write_past_end(__global int *out)
{
    __local int t[8];
    int lid = get_local_id(0);
    t[lid + 1] = lid;
    out[get_global_id(0)] = lid;
}
