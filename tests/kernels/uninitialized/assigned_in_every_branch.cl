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
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = -1
// EXACT   out[2] = 2
// EXACT   out[3] = -3
// EXACT   out[4] = 4
// EXACT   out[5] = -5
// EXACT   out[6] = 6
// EXACT   out[7] = -7
