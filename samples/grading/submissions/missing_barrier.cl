// missing_barrier.cl: the barrier is at the top of each step, so none follows the last one,
// and the LAST work-item of the group reads scratch[0] while work-item 0 may still be
// adding to it. Right when work-items run in local-id order (in-order), wrong when they
// run in reverse: a grader that runs one schedule passes it.
__kernel void total(__global const int *in, __global int *out, __local int *scratch)
{
    const uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < s)
            scratch[lid] += scratch[lid + s];
    }
    if (lid == get_local_size(0) - 1)
        atomic_add(out, scratch[0]);
}
