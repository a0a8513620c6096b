// Two of four __private array elements are set; half of the work-items read one
// of the others.
// expect: uninitialized-read private line 10 count 4
__kernel void private_array_partly_set(__global int *out)
{
    int a[4];
    a[0] = 1;
    a[1] = 2;
    int gid = get_global_id(0);
    out[gid] = a[gid % 4];
}
