// Negative control: parameters of helpers and of the kernel hold their argument
// values, which counts as initialized.
// expect-none
int scaled(int v, int factor)
{
    return v * factor;
}

__kernel void helper_parameters(__global const int *in, __global int *out, int factor)
{
    int gid = get_global_id(0);
    out[gid] = scaled(in[gid], factor);
}
