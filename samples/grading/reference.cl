// reference.cl: the teacher's solution of the grading exercise (docs/classroom.md).
// `total` adds every element of `in` into out[0]: each work-group sums its block by a tree
// reduction in the __local scratch memory (one int per work-item), then one work-item adds
// the group's sum to out[0] atomically. Right for every power-of-two work-group size.
__kernel void total(__global const int *in, __global int *out, __local int *scratch)
{
    const uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        atomic_add(out, scratch[0]);
}
