// A __private variable only assigned on a path no work-item takes, then stored.
// expect: uninitialized-read private line 9 count 8
__kernel void private_scalar_maybe_set(__global int *out)
{
    int gid = get_global_id(0);
    int x;
    if (gid > 100)
        x = 1;
    out[gid] = x;
}
