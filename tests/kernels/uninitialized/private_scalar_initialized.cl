// Negative control: the same variable with an initializer.
// expect-none
__kernel void private_scalar_initialized(__global int *out)
{
    int gid = get_global_id(0);
    int x = 5;
    if (gid > 100)
        x = 1;
    out[gid] = x;
}
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 5
// EXACT   out[1] = 5
// EXACT   out[2] = 5
// EXACT   out[3] = 5
// EXACT   out[4] = 5
// EXACT   out[5] = 5
// EXACT   out[6] = 5
// EXACT   out[7] = 5
