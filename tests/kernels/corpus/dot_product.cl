// Dot product: every work-group produces a partial dot product of float4 chunks,
// reduced in local memory. A second tiny kernel adds the partial results.

__kernel void dot_partial(__global const float4 *a,
                          __global const float4 *b,
                          __global float *partial,
                          __local float *scratch,
                          const uint n4)
{
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);

    float sum = 0.0f;
    while (gid < n4) {
        sum += dot(a[gid], b[gid]);
        gid += get_global_size(0);
    }
    scratch[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

__kernel void dot_finish(__global const float *partial, const uint count, __global float *result)
{
    if (get_global_id(0) != 0)
        return;
    float s = 0.0f;
    for (uint i = 0; i < count; ++i)
        s += partial[i];
    *result = s;
}
