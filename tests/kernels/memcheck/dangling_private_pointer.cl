// A helper returns the address of its own __private variable; the caller reads
// through it after the helper's frame is gone.
// expect: dangling-pointer private line 14 count 4
int *address_of_copy(int v)
{
    int copy = v;
    return &copy;
}

__kernel void dangling_private_pointer(__global int *out)
{
    int gid = get_global_id(0);
    int *p = address_of_copy(gid);
    out[gid] = *p;
}
