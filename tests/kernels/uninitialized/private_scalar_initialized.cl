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
