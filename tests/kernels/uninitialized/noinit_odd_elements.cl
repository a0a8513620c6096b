// Only even elements of a noinit buffer are written; every work-item reads its own.
// expect: uninitialized-read global line 8 count 4
__kernel void noinit_odd_elements(__global int *scratch, __global int *out)
{
    int gid = get_global_id(0);
    if (gid % 2 == 0)
        scratch[gid] = gid;
    out[gid] = scratch[gid];
}
