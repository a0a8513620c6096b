// out_of_bounds.cl: the loop starts at the work-group size instead of half of it, so the
// first step reads scratch[lid + size], past the end of the __local buffer.
__kernel void total(__global const int *in, __global int *out, __local int *scratch)
{
    const uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0); s > 0; s /= 2) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        atomic_add(out, scratch[0]);
}
