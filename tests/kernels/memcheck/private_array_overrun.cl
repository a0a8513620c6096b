// A __private array of four ints indexed by the global id (0..7).
// expect: out-of-bounds private line 9 count 4
__kernel void private_array_overrun(__global int *out)
{
    int a[4];
    for (int i = 0; i < 4; ++i)
        a[i] = i;
    int gid = get_global_id(0);
    out[gid] = a[gid];
}
