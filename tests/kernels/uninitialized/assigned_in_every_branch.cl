// Negative control: a variable declared without initializer but assigned on
// every path before it is read.
// expect-none
__kernel void assigned_in_every_branch(__global int *out)
{
    int gid = get_global_id(0);
    int sign;
    if (gid % 2)
        sign = -1;
    else
        sign = 1;
    out[gid] = sign * gid;
}
