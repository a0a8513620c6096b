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
// EXACT Argument 'out': 32 bytes
// EXACT   out[0] = 0
// EXACT   out[1] = 3
// EXACT   out[2] = 6
// EXACT   out[3] = 9
// EXACT   out[4] = 12
// EXACT   out[5] = 15
// EXACT   out[6] = 18
// EXACT   out[7] = 21
