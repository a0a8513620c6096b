// A kernel argument given as <null> is dereferenced: work-item 0 through the null
// pointer itself, the others through null + 4 * gid (no buffer there).
// expect: null-dereference line 8 count 1
// expect: out-of-bounds line 8 count 3
__kernel void null_buffer(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    out[gid] = in[gid];
}
