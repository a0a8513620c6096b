// An int stored through a pointer one byte past a 4-byte boundary.
// expect: misaligned-access line 6
__kernel void misaligned_int_store(__global char *bytes)
{
    int gid = get_global_id(0);
    *(__global int *)(bytes + 4 * gid + 1) = gid;
}
