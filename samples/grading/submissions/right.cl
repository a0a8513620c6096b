// right.cl: right. Interleaved addressing instead of the reference's sequential one:
// slower on a GPU (divergent work-items), but every step is ordered by a barrier.
__kernel void total(__global const int *in, __global int *out, __local int *scratch)
{
    const uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 1; s < get_local_size(0); s *= 2) {
        if (lid % (2 * s) == 0)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        atomic_add(out, scratch[0]);
}
