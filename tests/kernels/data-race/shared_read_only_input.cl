// Negative control: every work-item of every group reads the same coefficients.
// expect-none
__kernel void shared_read_only_input(__global const float *coeff, __global const float *in,
                                     __global float *out)
{
    int gid = get_global_id(0);
    out[gid] = coeff[0] * in[gid] + coeff[1];
}
