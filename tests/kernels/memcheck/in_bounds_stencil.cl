// Negative control: a 3-point stencil that clamps its indices to the buffer.
// expect-none
__kernel void in_bounds_stencil(__global const float *in, __global float *out)
{
    int gid = get_global_id(0);
    int n = get_global_size(0);
    int l = max(gid - 1, 0), r = min(gid + 1, n - 1);
    out[gid] = (in[l] + in[gid] + in[r]) / 3.0f;
}
// EXACT Argument 'out': 64 bytes
// EXACT   out[0] = 0.333333
// EXACT   out[1] = 1
// EXACT   out[2] = 2
// EXACT   out[3] = 3
// EXACT   out[4] = 4
// EXACT   out[5] = 5
// EXACT   out[6] = 6
// EXACT   out[7] = 7
// EXACT   out[8] = 8
// EXACT   out[9] = 9
// EXACT   out[10] = 10
// EXACT   out[11] = 11
// EXACT   out[12] = 12
// EXACT   out[13] = 13
// EXACT   out[14] = 14
// EXACT   out[15] = 14.6667
