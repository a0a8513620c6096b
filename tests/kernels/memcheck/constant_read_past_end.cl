// A __constant table read one element past its end.
// expect: out-of-bounds constant line 6 count 1
__kernel void constant_read_past_end(__constant int *table, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = table[gid + 1];
}
