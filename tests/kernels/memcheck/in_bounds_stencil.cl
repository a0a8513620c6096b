// Negative control: a 3-point stencil that clamps its indices to the buffer.
// expect-none
__kernel void in_bounds_stencil(__global const float *in, __global float *out)
{
    int gid = get_global_id(0);
    int n = get_global_size(0);
    int l = max(gid - 1, 0), r = min(gid + 1, n - 1);
    out[gid] = (in[l] + in[gid] + in[r]) / 3.0f;
}
