// Negative control: every work-item works in its own __private array.
// expect-none
__kernel void private_arrays(__global const int *in, __global int *out)
{
    int tmp[4];
    int gid = get_global_id(0);
    for (int i = 0; i < 4; ++i)
        tmp[i] = in[(gid + i) % 16];
    out[gid] = tmp[0] + tmp[1] + tmp[2] + tmp[3];
}
