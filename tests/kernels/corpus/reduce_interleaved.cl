// Work-group sum reduction, interleaved addressing (the textbook first version).
// Each work-group writes one partial sum; the host (or a second launch) adds them.
// Note the modulo test: it causes divergence and shared-memory bank conflicts.

__kernel void reduce_interleaved(__global const float *in,
                                 __global float *partial,
                                 __local float *scratch,
                                 const unsigned int n)
{
    unsigned int gid = get_global_id(0);
    unsigned int lid = get_local_id(0);
    unsigned int lsize = get_local_size(0);

    scratch[lid] = (gid < n) ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (unsigned int s = 1; s < lsize; s *= 2) {
        if ((lid % (2 * s)) == 0) {
            scratch[lid] += scratch[lid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
