// Negative control: each work-item writes its own element of one buffer, with four
// work-groups sharing the buffer.
// expect-none
__kernel void own_element_many_groups(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * 2.0f;
}
